/**
 * File facts from the bytes, never from the client's name or Content-Type: the type by its magic number, a PDF's
 * page count by walking its page tree as its cross-reference table resolves it, with every inflated byte counted
 * (pdf-page-tree.ts, pdf-xref.ts; docs/decisions/0053), and checking that PDF.js (unpdf's serverless build, the
 * reader of Firefox) opens it, a cover image's format and size by parsing it (image-inspect.ts).
 *
 * inspectFile() is what the inspection worker runs (inspect-worker.ts): it may take a while and a lot of memory on
 * a hostile file, so it never runs on the API's event loop (docs/decisions/0026). sniffContentType/readHead are
 * cheap and run on the main thread to refuse a wrong type before a worker is involved.
 * @see https://github.com/unjs/unpdf
 */
import { open, readFile } from 'node:fs/promises';
import type { PdfFacts } from '@bindery/contracts/store/preflight';
import { getDocumentProxy } from 'unpdf';
import { ImageError, inspectJpeg, inspectPng } from './image-inspect.js';
import { PageTreeError, readPageTree } from './pdf-page-tree.js';

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
 * The number of pages PDF.js reads (its numPages: the root's /Count, lowered to the real count only when the last
 * declared page is missing), or null when PDF.js cannot open the file (corrupt, truncated, password-protected).
 * PDF.js may take ownership of (detach) the bytes: pass a copy if you still need them.
 */
export async function readerPageCount(bytes: Uint8Array): Promise<number | null> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>> | undefined;
  try {
    // verbosity 0: PDF.js would otherwise print recovery warnings ("Indexing all PDF objects") to the console.
    // PDF.js refuses Node Buffers ("provide binary data as Uint8Array"): hand it a plain view of one.
    const data = Buffer.isBuffer(bytes)
      ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      : bytes;
    pdf = await getDocumentProxy(data, { verbosity: 0, stopAtErrors: true });
    return pdf.numPages;
  } catch {
    return null;
  } finally {
    await pdf?.loadingTask.destroy();
  }
}

/** What a file is, as far as the bytes tell; the upload rules (which type for which purpose, 2–800 pages) are the caller's. */
export type Inspection =
  | { ok: true; type: 'application/pdf'; pages: number; facts: PdfFacts }
  | { ok: true; type: 'image/jpeg' | 'image/png'; width: number; height: number }
  | { ok: false; type: null; problem: 'unknown-type' }
  | { ok: false; type: 'application/pdf'; problem: 'unreadable-pdf' | 'pdf-too-large'; detail: string }
  | { ok: false; type: 'application/pdf'; problem: 'page-count-mismatch'; declared: number; real: number }
  | {
      ok: false;
      type: 'image/jpeg' | 'image/png';
      problem: 'unreadable-image' | 'image-too-large';
      detail: string;
    };

/** Inspects PDF bytes: the page tree walked leaf by leaf, and PDF.js must open the file and agree. */
export async function inspectPdf(bytes: Uint8Array): Promise<Inspection> {
  let tree;
  try {
    tree = readPageTree(bytes);
  } catch (err) {
    if (err instanceof PageTreeError)
      return {
        ok: false,
        type: 'application/pdf',
        problem: err.reason === 'too-large' ? 'pdf-too-large' : 'unreadable-pdf',
        detail: err.message,
      };
    throw err;
  }
  // Last use of the bytes: PDF.js may detach them.
  const reader = await readerPageCount(bytes);
  if (reader === null)
    return { ok: false, type: 'application/pdf', problem: 'unreadable-pdf', detail: 'PDF.js cannot open it' };
  // A file whose own /Count disagrees with its pages is refused, whichever way it lies: printers and readers
  // trust /Count, so the book printed and the book priced could differ.
  if (tree.declared !== tree.real || reader !== tree.real)
    return {
      ok: false,
      type: 'application/pdf',
      problem: 'page-count-mismatch',
      declared: tree.declared,
      real: tree.real,
    };
  return { ok: true, type: 'application/pdf', pages: tree.real, facts: tree.facts };
}

export async function inspectImage(type: 'image/jpeg' | 'image/png', bytes: Uint8Array): Promise<Inspection> {
  try {
    const facts = type === 'image/png' ? await inspectPng(bytes) : inspectJpeg(bytes);
    return { ok: true, type, width: facts.width, height: facts.height };
  } catch (err) {
    if (!(err instanceof ImageError)) throw err;
    return {
      ok: false,
      type,
      problem: err.reason === 'too-large' ? 'image-too-large' : 'unreadable-image',
      detail: err.message,
    };
  }
}

/** Inspects the file on disk: its type from the magic number, then the structure of that type. */
export async function inspectFile(path: string): Promise<Inspection> {
  // readFile allocates this file's own (unpooled) buffer: views of it avoid copying up to 50 MB.
  const buffer = await readFile(path);
  const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  const type = sniffContentType(bytes.subarray(0, SNIFF_BYTES));
  if (type === null) return { ok: false, type: null, problem: 'unknown-type' };
  return type === 'application/pdf' ? inspectPdf(bytes) : inspectImage(type, bytes);
}
