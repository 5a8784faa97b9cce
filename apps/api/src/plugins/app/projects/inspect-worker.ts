/**
 * The inspection worker's entry (a node:worker_threads worker started by inspection-pool.ts): one file at a time,
 * by path (the bytes are read here, never copied through the message port). Whatever the file does to this thread
 * (memory, time, a parser's stack) stays in this thread; the pool ends it and the upload is refused.
 */
import { parentPort } from 'node:worker_threads';
import { inspectFile, inspectPdf } from './pdf-inspect.js';

export interface InspectRequest {
  id: number;
  path: string;
}

export type InspectReply =
  { id: number; result: Awaited<ReturnType<typeof inspectFile>> } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('inspect-worker.ts runs as a worker thread (see inspection-pool.ts)');

port.on('message', (request: InspectRequest) => {
  inspectFile(request.path).then(
    (result) => port.postMessage({ id: request.id, result } satisfies InspectReply),
    (err: unknown) =>
      port.postMessage({
        id: request.id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies InspectReply),
  );
});
/**
 * A minimal one-page PDF, built here with exact xref offsets: inspecting it once before saying 'ready' loads what
 * PDF.js loads lazily on its first document, so that cost never counts against a customer's file.
 */
function warmUpPdf(): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const warm = await inspectPdf(warmUpPdf());
if (!warm.ok) throw new Error(`the inspection worker's warm-up PDF was refused: ${JSON.stringify(warm)}`);
// Tells the pool the modules are loaded and warm, so start-up never counts against a file's limit.
port.postMessage('ready');
