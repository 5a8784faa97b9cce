/**
 * Test files for the upload and project tests: real PDFs made with pdf-lib (any page count), a corrupt one,
 * JPEG/PNG/GIF headers, and multipart bodies for app.inject, including a streamed one of any size that never
 * sits in memory whole.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import type { PDFRef } from 'pdf-lib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';

/**
 * A valid PDF of `pages` pages (6×9 in, or `size` in points), each with a mark unless `blank`. The marks are
 * shapes, not text: pdf-lib's standard fonts are not embedded, which the print check refuses (ADR 0060).
 */
export async function makePdf(
  pages: number,
  options: { blank?: boolean; size?: [number, number] } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 1; i <= pages; i += 1) {
    const page = doc.addPage(options.size ?? [432, 648]);
    if (!options.blank) page.drawRectangle({ x: 36, y: 600, width: 36 + (i % 300), height: 11 });
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

// ------------------------------------------------- revisions and decoys (docs/decisions/0053), written by hand

/** The text of a PDF saved without object streams, and where its parts are. */
function anatomy(bytes: Buffer) {
  const text = bytes.toString('latin1');
  const xrefAt = text.lastIndexOf('\nxref\n') + 1;
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const root = /\/Root (\d+ \d+ R)/.exec(trailer)?.[1];
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  const catalog = /\/Pages (\d+) 0 R/.exec(text);
  const pagesNum = Number(catalog?.[1]);
  const pagesAt = text.indexOf(`\n${pagesNum} 0 obj`) + 1;
  const kids =
    /\/Kids \[([^\]]*)\]/
      .exec(text.slice(pagesAt))?.[1]
      ?.trim()
      .split(/\s+(?=\d+ 0 R)/) ?? [];
  if (!root || !size || !pagesNum || !startxref)
    throw new Error('not a PDF saved by pdf-lib without object streams');
  return { text, xrefAt, startxref, root, size, pagesNum, pagesAt, kids };
}

/**
 * The decoy of the attack on the page count: `pages` real pages under a root declaring /Count `declared`, plus a
 * second copy of that /Pages object listing only the first `declared` kids, placed after the real one and listed by
 * no cross-reference table. A reader follows the table to the real root; a parser that reads objects in file order
 * (the last copy winning) sees `declared` pages.
 */
export async function pdfWithDecoyPages(pages = 800, declared = 32): Promise<Buffer> {
  const a = anatomy(await pdfDeclaring(pages, declared));
  const decoy = `${a.pagesNum} 0 obj\n<<\n/Type /Pages\n/Kids [ ${a.kids.slice(0, declared).join(' ')} ]\n/Count ${declared}\n>>\nendobj\n\n`;
  // Before the table: the table's offsets stay right, only startxref moves.
  const text = a.text.slice(0, a.xrefAt) + decoy + a.text.slice(a.xrefAt);
  return Buffer.from(
    text.replace(/startxref\s+\d+\s+%%EOF\s*$/, `startxref\n${a.xrefAt + decoy.length}\n%%EOF\n`),
    'latin1',
  );
}

/**
 * An incremental update (PDF 32000-1 §7.5.6) appended to `bytes` (saved without object streams): `objects` (number
 * → body) written after the old end, and a table listing them, plus `entries` (number → byte offset) pointing
 * existing numbers elsewhere, with /Prev to the previous table.
 */
export function appendUpdate(
  bytes: Buffer,
  objects: Record<number, string>,
  entries: Record<number, number> = {},
): Buffer {
  const a = anatomy(bytes);
  let text = a.text.endsWith('\n') ? a.text : `${a.text}\n`;
  const offsets = new Map<number, number>(Object.entries(entries).map(([n, at]) => [Number(n), at]));
  for (const [num, body] of Object.entries(objects)) {
    offsets.set(Number(num), text.length);
    text += `${num} 0 obj\n${body}\nendobj\n`;
  }
  const xref = text.length;
  text += 'xref\n';
  for (const num of [...offsets.keys()].sort((x, y) => x - y))
    text += `${num} 1\n${String(offsets.get(num)).padStart(10, '0')} 00000 n \n`;
  const size = Math.max(a.size, ...[...offsets.keys()].map((n) => n + 1));
  text += `trailer\n<< /Size ${size} /Root ${a.root} /Prev ${a.startxref} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** `pages` pages, then an update that adds `added` pages (a new /Pages object with the old kids and new ones). */
export async function pdfWithAddedPages(pages: number, added: number): Promise<Buffer> {
  const a = anatomy(await pdfDeclaring(pages, pages));
  const objects: Record<number, string> = {};
  const kids = [...a.kids];
  for (let i = 0; i < added; i += 1) {
    objects[a.size + i] = `<< /Type /Page /Parent ${a.pagesNum} 0 R /MediaBox [0 0 432 648] >>`;
    kids.push(`${a.size + i} 0 R`);
  }
  objects[a.pagesNum] = `<< /Type /Pages /Kids [ ${kids.join(' ')} ] /Count ${kids.length} >>`;
  return appendUpdate(Buffer.from(a.text, 'latin1'), objects);
}

/**
 * `pages` pages; a first update adds `added` pages; a second one points the /Pages object back at its first
 * revision (an undo). The newest table wins: `pages` pages, although the added ones come later in the file.
 */
export async function pdfWithUndoneUpdate(pages: number, added: number): Promise<Buffer> {
  const once = await pdfWithAddedPages(pages, added);
  const a = anatomy(once);
  return appendUpdate(once, {}, { [a.pagesNum]: a.pagesAt });
}

/**
 * zlib data of `head` followed by zeros, about `compressedBytes` long, inflating about 1,000 times (zeros, which PDF
 * syntax reads as whitespace). Built from one compressed MiB of zeros repeated (each flushed block is byte-aligned
 * and independent), so making a 2 MB bomb costs milliseconds, not inflating 2 GB.
 */
function deflatedZeros(head: Buffer, compressedBytes: number): { data: Buffer; inflated: number } {
  const flushed = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const zeroMiB = flushed(Buffer.alloc(1024 * 1024));
  const first = flushed(head);
  const copies = Math.max(1, Math.ceil((compressedBytes - first.length) / zeroMiB.length));
  const inflated = head.length + copies * 1024 * 1024;
  const last = deflateRawSync(Buffer.alloc(0));
  // adler32 of head + zeros: the zeros add nothing to a and a (unchanged) to b once per byte.
  let a = 1;
  let b = 0;
  for (const byte of head) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  b = (b + ((copies * 1024 * 1024) % 65521) * a) % 65521;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((b << 16) | a) >>> 0);
  const data = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    first,
    ...Array.from({ length: copies }, () => zeroMiB),
    last,
    adler,
  ]);
  return { data, inflated };
}

/**
 * A decompression bomb: a valid 2-page PDF whose cross-reference stream lists one object inside an object stream of
 * `compressedBytes` of deflate data that inflates about 1,000 times (deflatedZeros).
 */
export function pdfInflateBomb(compressedBytes = 2 * 1024 * 1024): Buffer {
  const header = '6 0 ';
  const { data, inflated } = deflatedZeros(
    Buffer.from(`${header}<< /Note (zeros follow) >>\n`, 'latin1'),
    compressedBytes,
  );
  return writeWithXrefStream(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] >>',
      { dict: `/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length1 ${inflated}`, data },
    ],
    { 6: [5, 0] },
  );
}

/**
 * A page-content bomb (docs/decisions/0060): a valid PDF of `pages` pages that all draw one content stream of
 * `compressedBytes` of deflate data inflating about 1,000 times (a rectangle, then zeros). Nothing the page count
 * needs is compressed: only the image scan of the content streams inflates it, page after page.
 */
export function pdfContentBomb(pages: number, compressedBytes: number): Buffer {
  const { data, inflated } = deflatedZeros(
    Buffer.from('0 0 1 rg 36 36 360 576 re f\n', 'latin1'),
    compressedBytes,
  );
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i} 0 R`).join(' ');
  return writeWithXrefStream([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    { dict: `/Filter /FlateDecode /Length1 ${inflated}`, data },
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 3 0 R >>',
    ),
  ]);
}

/**
 * `pages` pages whose page objects sit in a deflated object stream, listed by a cross-reference stream that is
 * deflated with PNG predictors (/Predictor 12), as Acrobat writes them.
 */
export function pdfWithPredictedXref(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i} 0 R`).join(' ');
  const header = Array.from({ length: pages }, (_, i) => i)
    .map((i) => `${4 + i} ${i * 60}`)
    .join(' ');
  const bodies = Array.from({ length: pages }, () =>
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] >>'.padEnd(60, ' '),
  ).join('');
  const data = deflateSync(Buffer.from(`${header}\n${bodies}`, 'latin1'));
  return writeWithXrefStream(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
      {
        dict: `/Type /ObjStm /N ${pages} /First ${header.length + 1} /Filter /FlateDecode`,
        data,
      },
    ],
    Object.fromEntries(Array.from({ length: pages }, (_, i) => [4 + i, [3, i]])),
    { predictor: true },
  );
}

/**
 * Objects 1… (bodies, or stream dictionaries' contents with data) and a cross-reference stream after them, which
 * also lists `compressed` objects (number → [object stream, index]); /Root is object 1.
 */
function writeWithXrefStream(
  objects: (string | { dict: string; data: Buffer })[],
  compressed: Record<number, [number, number]> = {},
  options: { predictor?: boolean } = {},
): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  const entries = new Map<number, [number, number, number]>();
  objects.forEach((object, i) => {
    entries.set(i + 1, [1, length, 0]);
    if (typeof object === 'string') push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
    else {
      push(
        Buffer.from(`${i + 1} 0 obj\n<< ${object.dict} /Length ${object.data.length} >>\nstream\n`, 'latin1'),
      );
      push(object.data);
      push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
    }
  });
  for (const [num, [stream, index]] of Object.entries(compressed))
    entries.set(Number(num), [2, stream, index]);
  const xrefNum = Math.max(...entries.keys()) + 1;
  entries.set(xrefNum, [1, length, 0]);
  const rows = Buffer.alloc((xrefNum + 1) * 7);
  rows.set([0, 0, 0, 0, 0, 0xff, 0xff], 0);
  for (const [num, [type, f1, f2]] of entries) {
    rows.writeUInt8(type, num * 7);
    rows.writeUInt32BE(f1, num * 7 + 1);
    rows.writeUInt16BE(f2, num * 7 + 5);
  }
  const xrefAt = length;
  let data = rows;
  let filter = '';
  if (options.predictor) {
    // PNG "Up" rows (/Predictor 12), then deflated: what Acrobat and most producers write.
    const predicted = Buffer.alloc((xrefNum + 1) * 8);
    for (let r = 0; r <= xrefNum; r += 1) {
      predicted[r * 8] = 2;
      for (let i = 0; i < 7; i += 1)
        predicted[r * 8 + 1 + i] =
          ((rows[r * 7 + i] ?? 0) - (r > 0 ? (rows[(r - 1) * 7 + i] ?? 0) : 0)) & 0xff;
    }
    data = deflateSync(predicted);
    filter = '/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >> ';
  }
  push(
    Buffer.from(
      `${xrefNum} 0 obj\n<< /Type /XRef /Size ${xrefNum + 1} /W [1 4 2] /Root 1 0 R ${filter}/Length ${data.length} >>\nstream\n`,
      'latin1',
    ),
  );
  push(data);
  push(Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
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
