/**
 * File facts from the bytes, never from the client's name or Content-Type: the type by its magic number and a
 * PDF's page count by parsing it with PDF.js (unpdf's serverless build).
 * Opening a document reads only the cross-reference table and the page tree root, which is enough for numPages:
 * an 800-page PDF takes milliseconds (bench/pdf-inspect.bench.ts), no page is rendered or its text extracted.
 * @see https://github.com/unjs/unpdf
 */
import { open, readFile } from 'node:fs/promises';
import { getDocumentProxy } from 'unpdf';

export type SniffedType = 'application/pdf' | 'image/jpeg' | 'image/png';

/** Bytes read from the start of a file to recognise it. */
export const SNIFF_BYTES = 1024;

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The type of a file from its first bytes, or null when it is none of the three we accept. A PDF header may sit
 * anywhere in the first 1024 bytes (PDF 32000-1 §7.5.2 readers' practice, which PDF.js and Acrobat follow).
 */
export function sniffContentType(head: Uint8Array): SniffedType | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, SNIFF_BYTES));
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.indexOf(PDF_MAGIC) !== -1) return 'application/pdf';
  return null;
}

/** The first SNIFF_BYTES of a file on disk. */
export async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The number of pages of a PDF, or null when PDF.js cannot open it (corrupt, truncated, password-protected).
 * PDF.js may take ownership of (detach) the bytes: pass a copy if you still need them.
 */
export async function countPdfPages(bytes: Uint8Array): Promise<number | null> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    // verbosity 0: PDF.js would otherwise print recovery warnings ("Indexing all PDF objects") to the console.
    // PDF.js refuses Node Buffers ("provide binary data as Uint8Array"): hand it a plain copy of one.
    const data = Buffer.isBuffer(bytes) ? new Uint8Array(bytes) : bytes;
    pdf = await getDocumentProxy(data, { verbosity: 0, stopAtErrors: true });
    return pdf.numPages;
  } catch {
    return null;
  } finally {
    await pdf?.loadingTask.destroy();
  }
}

/**
 * At most this many PDFs are parsed at once per process: each holds the whole file (up to 50 MB) in memory and
 * parsing runs on the event loop, so a burst of uploads waits here instead of exhausting memory.
 */
const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  // A finished job hands its slot straight to the next waiter, so a newcomer can never slip in between.
  if (running < MAX_PARALLEL) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Page count of a PDF on disk (see countPdfPages). */
export function countPdfPagesInFile(path: string): Promise<number | null> {
  return withSlot(async () => {
    // readFile allocates this file's own (unpooled) buffer: a plain view of it avoids copying up to 50 MB.
    const buffer = await readFile(path);
    return countPdfPages(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
  });
}
