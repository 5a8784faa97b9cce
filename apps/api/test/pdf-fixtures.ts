/**
 * Test files for the upload and project tests: real PDFs made with pdf-lib (any page count), a corrupt one,
 * JPEG/PNG/GIF headers, and multipart bodies for app.inject, including a streamed one of any size that never
 * sits in memory whole.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';

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

/** The start of a JPEG (SOI + JFIF APP0); the server only reads the magic number of images. */
export function jpegBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
    randomBytes(2048),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export function pngBytes(): Buffer {
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(1024)]);
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
