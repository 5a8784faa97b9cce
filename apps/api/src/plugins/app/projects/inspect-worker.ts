/**
 * The inspection worker's entry (a node:worker_threads worker started by inspection-pool.ts): one file at a time,
 * by path (the bytes are read here, never copied through the message port). Whatever the file does to this thread
 * (memory, time, a parser's stack) stays in this thread; the pool ends it and the upload is refused.
 */
import { parentPort } from 'node:worker_threads';
import { inspectFile } from './pdf-inspect.js';

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
// Tells the pool the modules (PDF.js, pdf-lib) are loaded, so start-up time does not count against a file's limit.
port.postMessage('ready');
