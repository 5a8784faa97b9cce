/**
 * Test files for the upload and project tests: real PDFs made with pdf-lib (any page count), a corrupt one,
 * JPEG/PNG/GIF headers, and multipart bodies for app.inject, including a streamed one of any size that never
 * sits in memory whole.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import type { PDFRef } from 'pdf-lib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';

/** A valid PDF of `pages` pages (6×9 in), each with a line of text unless `blank`. */
export async function makePdf(pages: number, options: { blank?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = options.blank ? undefined : await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i += 1) {
    const page = doc.addPage([432, 648]);
    if (font)
      page.drawText(`Page ${i} of ${pages}: the quick brown fox jumps over the lazy dog.`, {
        x: 36,
        y: 600,
        size: 11,
        font,
      });
  }
  return Buffer.from(await doc.save());
}

/** Starts like a PDF, but nothing after the header is a PDF: PDF.js cannot open it. */
export function corruptPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n'), randomBytes(4096)]);
}

/** A real JPEG (baseline, encoded by jpeg-js) of `width` × `height` pixels. */
export function jpegBytes(width = 64, height = 48): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1)
    data.set([(i * 7) % 256, (i * 13) % 256, (i * 29) % 256, 255], i * 4);
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/**
 * A real PNG (8-bit RGB, unfiltered scanlines) of `width` × `height` pixels. `declaredHeight` writes another
 * height into IHDR than the data holds (every chunk's CRC still right): the image data is then too short.
 */
export function pngBytes(width = 64, height = 48, options: { declaredHeight?: number } = {}): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) row.set([(x * 4) % 256, (y * 4) % 256, 128], 1 + x * 3);
    rows.push(Buffer.from(row));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(options.declaredHeight ?? height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG header claiming `width` × `height` with hardly any data: a decompression bomb's dimensions. */
export function hugePngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A magic number followed by garbage: what a renamed or forged file looks like. */
export function garbageJpeg(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    randomBytes(2048),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export function garbagePng(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(1024)]);
}

// ----------------------------------------------------------------------------------------- hostile PDFs (pdf-lib)

/** The root /Pages node of a document made by makePdf. */
function pagesRoot(doc: PDFDocument) {
  return doc.catalog.lookup(PDFName.of('Pages'), PDFDict);
}

/** `pages` real pages under a root that declares /Count `declared` (a classic xref table, no object streams). */
export async function pdfDeclaring(pages: number, declared: number): Promise<Buffer> {
  const doc = await PDFDocument.load(await makePdf(pages, { blank: true }));
  pagesRoot(doc).set(PDFName.of('Count'), PDFNumber.of(declared));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A page tree whose /Kids lead back to the root: a walk that does not watch for cycles never ends. */
export async function pdfWithCyclicKids(): Promise<Buffer> {
  const doc = await PDFDocument.load(await makePdf(3, { blank: true }));
  const rootRef = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
  const loop = doc.context.register(doc.context.obj({ Type: 'Pages', Kids: [rootRef], Count: 1 }));
  pagesRoot(doc).lookup(PDFName.of('Kids'), PDFArray).push(loop);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** One page at the bottom of a chain of `depth` /Pages nodes, each with one kid. */
export async function pdfWithDeepTree(depth: number): Promise<Buffer> {
  const doc = await PDFDocument.load(await makePdf(2, { blank: true }));
  const root = pagesRoot(doc);
  const kids = root.lookup(PDFName.of('Kids'), PDFArray);
  let node = kids.get(1);
  for (let i = 0; i < depth; i += 1)
    node = doc.context.register(doc.context.obj({ Type: 'Pages', Kids: [node], Count: 1 }));
  kids.set(1, node);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * A PDF whose cross-reference table points every object to a wrong offset (as a careless editor leaves it):
 * readers rebuild the table by scanning the file. `declared` sets the root's /Count (default: the real count).
 */
export async function pdfWithBrokenXref(pages: number, declared = pages): Promise<Buffer> {
  return breakXref(await pdfDeclaring(pages, declared));
}

/** A saved PDF (without object streams) with every in-use cross-reference entry pointing 7 bytes off. */
export function breakXref(bytes: Buffer): Buffer {
  const text = bytes.toString('latin1');
  const start = text.lastIndexOf('\nxref\n');
  const end = text.indexOf('trailer', start);
  // Every in-use entry "oooooooooo ggggg n" gets an offset 7 bytes off: same length, so startxref still matches.
  const broken = text
    .slice(start, end)
    .replace(
      /(\d{10}) (\d{5}) n/g,
      (_m, offset: string, gen: string) => `${String(Number(offset) + 7).padStart(10, '0')} ${gen} n`,
    );
  return Buffer.from(text.slice(0, start) + broken + text.slice(end), 'latin1');
}

/**
 * A hostile PDF for the inspection limits: a valid 2-page document followed by `objects` tiny indirect objects
 * that nothing refers to, and a cross-reference table that does not match (so readers index the whole file). Each
 * object costs a parser a few hundred bytes of heap: a few MB of file, hundreds of MB of memory.
 */
export async function pdfObjectFlood(objects: number): Promise<Buffer> {
  const base = (await makePdf(2, { blank: true })).toString('latin1');
  const eof = base.lastIndexOf('startxref');
  const flood: string[] = [];
  for (let i = 0; i < objects; i += 1)
    flood.push(`${100000 + i} 0 obj\n<</A [${i} ${i} ${i}] /B (x${i})>>\nendobj\n`);
  return Buffer.from(base.slice(0, eof) + flood.join('') + 'startxref\n999999999\n%%EOF\n', 'latin1');
}

export function gifBytes(): Buffer {
  return Buffer.concat([Buffer.from('GIF89a'), randomBytes(512)]);
}

export interface FilePart {
  field?: string;
  name: string;
  type?: string;
  data: Buffer;
}

const BOUNDARY = '----bindery-test-boundary-7MA4YWxkTrZu0gW';
const headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

function fieldPart(name: string, value: string): Buffer {
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
}

function fileHead(file: Omit<FilePart, 'data'>): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
  );
}

const end = Buffer.from(`--${BOUNDARY}--\r\n`);

/** A multipart body (fields first, then files) and its Content-Type header, for app.inject. */
export function multipartBody(fields: Record<string, string>, files: FilePart[] = []) {
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => fieldPart(k, v));
  for (const file of files) parts.push(fileHead(file), file.data, Buffer.from('\r\n'));
  parts.push(end);
  return { payload: Buffer.concat(parts), headers };
}

/**
 * A streamed multipart upload of `size` bytes that starts like a PDF: generated 1 MB at a time from one reused
 * buffer, so a 51 MB body costs 1 MB of memory.
 */
export function streamedUpload(purpose: string, size: number) {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const head = Buffer.from('%PDF-1.7\n');
  async function* body() {
    yield fieldPart('purpose', purpose);
    yield fileHead({ name: 'huge.pdf', type: 'application/pdf' });
    yield head;
    let left = size - head.length;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      yield n === chunk.length ? chunk : chunk.subarray(0, n);
      left -= n;
    }
    yield Buffer.from('\r\n');
    yield end;
  }
  return { payload: Readable.from(body()), headers };
}

/** Every file (not directory) under `dir`, as paths relative to it; [] when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}
