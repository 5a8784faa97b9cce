/**
 * A cover image's facts from its bytes: format, width and height, after checking that the bytes are the image
 * they claim to be. A magic number is not enough: `FF D8 FF` or the PNG signature followed by
 * garbage, or a file cut off half-way, must be refused, not stored and sent to the printer.
 *
 * No native decoder (sharp/libvips would be a second, native memory space the inspection worker's limits do not
 * cover; docs/decisions/0026). Instead the structure is parsed in full, as a decoder reads it:
 * - PNG: every chunk's length and CRC-32, IHDR first with a valid bit depth / colour type, PLTE where required,
 *   IDAT chunks in one run, IEND at the end; and the IDAT zlib stream is inflated (counted, never kept) to check
 *   it holds exactly the scanlines the header promises: a truncated or garbled image fails here.
 * - JPEG: SOI, every marker segment's length, one frame header (SOF) with its dimensions and components before
 *   the first scan, every scan header (SOS) naming the frame's components, entropy-coded data up to the next
 *   marker, and EOI. A file cut off before EOI or with bytes that are not segments is refused.
 * Images are bounded: at most MAX_SIDE pixels a side and MAX_PIXELS in all (a 600 dpi wrap-around cover of a
 * 13 × 19 in book is about 90 megapixels), so a tiny file cannot claim a decompression bomb's dimensions.
 * @see https://www.w3.org/TR/png-3/  ITU-T T.81 (JPEG) Annex B
 */
import { crc32, createInflate } from 'node:zlib';

export const MAX_SIDE = 30_000;
export const MAX_PIXELS = 300_000_000;

export interface ImageFacts {
  format: 'png' | 'jpeg';
  width: number;
  height: number;
}

export class ImageError extends Error {
  constructor(
    message: string,
    readonly reason: 'corrupt' | 'too-large' = 'corrupt',
  ) {
    super(message);
    this.name = 'ImageError';
  }
}

const fail: (message: string) => never = (message) => {
  throw new ImageError(message);
};

function checkSize(width: number, height: number) {
  if (width < 1 || height < 1) fail(`empty image (${width}×${height})`);
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
    throw new ImageError(`image too large (${width}×${height})`, 'too-large');
}

// ---------------------------------------------------------------------------------------------------------- PNG

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Allowed bit depths per colour type (PNG §11.2.2 Table 11.1) and the samples per pixel. */
const PNG_COLOUR: Record<number, { depths: number[]; channels: number }> = {
  0: { depths: [1, 2, 4, 8, 16], channels: 1 },
  2: { depths: [8, 16], channels: 3 },
  3: { depths: [1, 2, 4, 8], channels: 1 },
  4: { depths: [8, 16], channels: 2 },
  6: { depths: [8, 16], channels: 4 },
};
/** Adam7 passes: [x start, y start, x step, y step]. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Bytes of filtered scanlines the IDAT stream must inflate to (one filter byte per row). */
function pngRawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) =>
    w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8));
  if (!interlaced) return rows(width, height);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7)
    total += rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy));
  return total;
}

/** Inflates a zlib stream, counting the output without keeping it; resolves to the number of bytes. */
function inflatedLength(parts: Buffer[], limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflate();
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      // More than promised is as wrong as less; stop at once instead of inflating a bomb to its end.
      if (total > limit) inflate.destroy(new ImageError('the image data is longer than its header says'));
    });
    inflate.on('error', (err) =>
      reject(
        err instanceof ImageError ? err : new ImageError(`the image data does not inflate: ${err.message}`),
      ),
    );
    inflate.on('end', () => resolve(total));
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

export async function inspectPng(bytes: Uint8Array): Promise<ImageFacts> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) fail('no PNG signature');
  let offset = 8;
  let header:
    | { width: number; height: number; bitsPerPixel: number; interlaced: boolean; paletted: boolean }
    | undefined;
  let palette = false;
  const idat: Buffer[] = [];
  let idatEnded = false;
  let ended = false;
  while (!ended) {
    if (offset + 12 > buf.length) fail('the file ends inside a chunk header (truncated)');
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    if (length > 0x7fffffff || !/^[A-Za-z]{4}$/.test(type)) fail(`not a PNG chunk at byte ${offset}`);
    const end = offset + 8 + length;
    if (end + 4 > buf.length) fail(`the ${type} chunk is cut off (truncated)`);
    const crc = buf.readUInt32BE(end);
    if (crc32(buf.subarray(offset + 4, end)) !== crc) fail(`the ${type} chunk fails its CRC`);
    const data = buf.subarray(offset + 8, end);
    if (header === undefined && type !== 'IHDR') fail('IHDR is not the first chunk');
    switch (type) {
      case 'IHDR': {
        if (header) fail('a second IHDR');
        if (length !== 13) fail('IHDR has the wrong length');
        const width = data.readUInt32BE(0);
        const height = data.readUInt32BE(4);
        const depth = data.readUInt8(8);
        const colour = data.readUInt8(9);
        const compression = data.readUInt8(10);
        const filter = data.readUInt8(11);
        const interlace = data.readUInt8(12);
        const spec = PNG_COLOUR[colour];
        if (!spec || !spec.depths.includes(depth)) fail(`invalid colour type ${colour} / bit depth ${depth}`);
        if (compression !== 0 || filter !== 0 || interlace > 1)
          fail('invalid compression, filter or interlace method');
        checkSize(width, height);
        header = {
          width,
          height,
          bitsPerPixel: depth * spec.channels,
          interlaced: interlace === 1,
          paletted: colour === 3,
        };
        break;
      }
      case 'PLTE':
        if (idat.length > 0) fail('PLTE after the image data');
        if (length === 0 || length % 3 !== 0 || length > 768) fail('PLTE has an invalid length');
        palette = true;
        break;
      case 'IDAT':
        if (idatEnded) fail('IDAT chunks are not consecutive');
        idat.push(data);
        break;
      case 'IEND':
        if (length !== 0) fail('IEND is not empty');
        ended = true;
        break;
      default:
        // An unknown critical chunk (upper-case first letter) cannot be skipped by a decoder (PNG §5.4).
        if (type.charCodeAt(0) < 0x61) fail(`unknown critical chunk ${type}`);
    }
    if (type !== 'IDAT' && idat.length > 0) idatEnded = true;
    offset = end + 4;
  }
  if (!header) return fail('no IHDR');
  if (header.paletted && !palette) fail('a paletted image without PLTE');
  if (idat.length === 0) fail('no image data (IDAT)');
  const expected = pngRawSize(header.width, header.height, header.bitsPerPixel, header.interlaced);
  const actual = await inflatedLength(idat, expected);
  if (actual !== expected) fail(`the image data holds ${actual} of ${expected} bytes (truncated)`);
  return { format: 'png', width: header.width, height: header.height };
}

// --------------------------------------------------------------------------------------------------------- JPEG

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const isRst = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

export function inspectJpeg(bytes: Uint8Array): ImageFacts {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf[0] !== 0xff || buf[1] !== 0xd8) fail('no JPEG start of image');
  let offset = 2;
  let frame: { width: number; height: number; components: Set<number> } | undefined;
  let scans = 0;
  const segmentLength = (at: number) => {
    if (at + 2 > buf.length) fail('the file ends inside a segment (truncated)');
    const length = buf.readUInt16BE(at);
    if (length < 2 || at + length > buf.length) fail(`a segment at byte ${at} is cut off (truncated)`);
    return length;
  };
  for (;;) {
    if (offset >= buf.length) fail('no end of image marker (truncated)');
    if (buf[offset] !== 0xff) fail(`expected a marker at byte ${offset}`);
    // Any number of 0xFF fill bytes may precede a marker (T.81 B.1.1.2).
    while (buf[offset] === 0xff) offset += 1;
    if (offset >= buf.length) fail('no end of image marker (truncated)');
    const marker = buf.readUInt8(offset);
    offset += 1;
    if (marker === 0xd9) break; // EOI
    if (marker === 0x01) continue; // TEM: a marker without a segment
    // A stuffed zero, a second SOI or a restart marker outside a scan: the bytes are not a JPEG's.
    if (marker === 0x00 || marker === 0xd8 || isRst(marker))
      fail(`unexpected marker FF${marker.toString(16)}`);
    const length = segmentLength(offset);
    const data = buf.subarray(offset + 2, offset + length);
    offset += length;
    if (SOF_MARKERS.has(marker)) {
      if (frame) fail('a second frame header');
      if (data.length < 6) fail('a short frame header');
      const height = data.readUInt16BE(1);
      const width = data.readUInt16BE(3);
      const count = data.readUInt8(5);
      if (![1, 3, 4].includes(count) || data.length !== 6 + 3 * count) fail('an invalid frame header');
      if (height === 0) fail('a frame without a height');
      checkSize(width, height);
      const components = new Set<number>();
      for (let i = 0; i < count; i += 1) components.add(data.readUInt8(6 + i * 3));
      frame = { width, height, components };
      continue;
    }
    if (marker === 0xda) {
      if (!frame) fail('a scan before the frame header');
      const count = data[0] ?? 0;
      if (count < 1 || count > 4 || data.length !== 4 + 2 * count) fail('an invalid scan header');
      for (let i = 0; i < count; i += 1)
        if (!frame.components.has(data.readUInt8(1 + i * 2)))
          fail('a scan names a component the frame does not have');
      // Entropy-coded data runs to the next marker that is not a stuffed zero or a restart marker.
      const start = offset;
      while (offset < buf.length) {
        if (buf[offset] === 0xff) {
          const next = buf[offset + 1];
          if (next === undefined) break;
          if (next !== 0x00 && !isRst(next)) break;
        }
        offset += 1;
      }
      if (offset >= buf.length - 1) fail('the image data is cut off before its end marker (truncated)');
      if (offset === start) fail('a scan without image data');
      scans += 1;
    }
    // Other segments (APPn, COM, DQT, DHT, DRI, DNL…) only need their length to be right: checked above.
  }
  if (!frame || scans === 0) return fail('no frame or no scan');
  return { format: 'jpeg', width: frame.width, height: frame.height };
}
