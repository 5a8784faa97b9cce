/**
 * The cover template as a PNG image (docs/decisions/0069): the guides of the template PDF (cover-template.ts) drawn
 * straight into a paletted pixel buffer — the wrap and the bleed shaded outside the trim line, the spine's fold lines
 * and the safe areas dashed, the barcode box — at a stated resolution, and encoded here: one IHDR, a PLTE of the
 * guides' colours, the rows deflated by node:zlib (off the event loop), tEXt chunks naming the book and what each
 * colour means, IEND. No library and no rasterizer: every guide is an axis-aligned rectangle or line, and a palette
 * keeps the buffer at one byte a pixel, COVER_TEMPLATE_PNG_MAX_PIXELS (20 MB) at most.
 * @see https://www.w3.org/TR/png-3/
 */
import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';
import { COVER_TEMPLATE_PNG_MAX_PIXELS } from '@bindery/contracts/store/cover';
import { coverLengths, lengthIn, UM_PER_INCH, type Box } from '@bindery/pricing/cover';
import { DomainError } from '#lib/domain-error.js';
import type { CoverBook } from './cover.service.js';

const deflateAsync = promisify(deflate);

/** Palette indices and their colours (as the PDF template's). */
const WHITE = 0;
const WRAP = 1;
const BLEED = 2;
const TRIM = 3;
const FOLD = 4;
const SAFE = 5;
const BARCODE = 6;
const BORDER = 7;
const PALETTE = [
  [255, 255, 255],
  [217, 230, 255],
  [255, 222, 222],
  [0, 0, 0],
  [115, 51, 153],
  [0, 115, 217],
  [230, 230, 230],
  [77, 77, 77],
] as const;

/** The image's size in pixels at `ppi`, or a refusal naming the highest resolution within the pixel bound. */
export function coverTemplatePngSize(book: CoverBook, ppi: number): { width: number; height: number } {
  const g = book.geometry;
  const width = Math.round((g.width * ppi) / UM_PER_INCH);
  const height = Math.round((g.height * ppi) / UM_PER_INCH);
  if (width * height > COVER_TEMPLATE_PNG_MAX_PIXELS) {
    const area = (g.width / UM_PER_INCH) * (g.height / UM_PER_INCH);
    const most = Math.floor(Math.sqrt(COVER_TEMPLATE_PNG_MAX_PIXELS / area));
    const message = `At ${ppi} ppi this cover would be ${width} × ${height} px; the template image is at most ${COVER_TEMPLATE_PNG_MAX_PIXELS / 1_000_000} megapixels: ask for ${most} ppi or less, or use the PDF template.`;
    throw new DomainError('invalid', message, { fields: [{ path: 'querystring.ppi', message }] });
  }
  return { width, height };
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** A tEXt chunk (Latin-1 keyword and text; anything else becomes "?"). */
const text = (keyword: string, value: string) =>
  pngChunk('tEXt', Buffer.from(`${keyword}\0${value.replace(/[^\x20-\x7e]/g, '?')}`, 'latin1'));

export async function coverTemplatePng(book: CoverBook, ppi: number): Promise<Buffer> {
  const g = book.geometry;
  const { width, height } = coverTemplatePngSize(book, ppi);
  const stride = width + 1;
  // The filtered scanlines as PNG stores them: each row a filter byte (0, none: WHITE is 0, and fills start after
  // it) and one palette index a pixel.
  const raw = Buffer.alloc(stride * height, WHITE);
  const px = (um: number) => Math.round((um * ppi) / UM_PER_INCH);
  const line = Math.max(1, Math.round(ppi / 100));
  const dash = Math.max(2, Math.round(ppi / 12));

  const fill = (x0: number, y0: number, x1: number, y1: number, colour: number) => {
    const left = Math.max(0, x0);
    const right = Math.min(width, x1);
    if (right <= left) return;
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y += 1)
      raw.fill(colour, y * stride + 1 + left, y * stride + 1 + right);
  };
  const area = (b: Box, colour: number) =>
    fill(px(b.x), px(b.y), px(b.x + b.width), px(b.y + b.height), colour);
  /** A rectangle's outline, solid or dashed. */
  const outline = (b: Box, colour: number, dashed: boolean) => {
    const [x0, y0, x1, y1] = [px(b.x), px(b.y), px(b.x + b.width), px(b.y + b.height)];
    const on = (i: number) => !dashed || Math.floor(i / dash) % 2 === 0;
    for (let x = x0; x < x1; x += dash) {
      if (!on(x - x0)) continue;
      fill(x, y0, Math.min(x1, x + dash), y0 + line, colour);
      fill(x, y1 - line, Math.min(x1, x + dash), y1, colour);
    }
    for (let y = y0; y < y1; y += dash) {
      if (!on(y - y0)) continue;
      fill(x0, y, x0 + line, Math.min(y1, y + dash), colour);
      fill(x1 - line, y, x1, Math.min(y1, y + dash), colour);
    }
  };

  const edge = g.bleed + g.wrap;
  if (g.wrap > 0) area({ x: 0, y: 0, width: g.width, height: g.height }, WRAP);
  area({ x: g.wrap, y: g.wrap, width: g.width - 2 * g.wrap, height: g.height - 2 * g.wrap }, BLEED);
  const trim: Box = { x: edge, y: edge, width: g.width - 2 * edge, height: g.trimHeight };
  area(trim, WHITE);
  outline(trim, TRIM, false);
  // The spine's folds across the whole sheet (one fold in the middle where there is no spine).
  const folds = g.spineWidth > 0 ? [g.spine.x, g.spine.x + g.spine.width] : [g.spine.x];
  for (const x of folds) {
    const at = px(x) - Math.floor(line / 2);
    for (let y = 0; y < height; y += 2 * dash) fill(at, y, at + line, y + dash, FOLD);
  }
  for (const safe of [g.backSafe, g.frontSafe, g.spineSafe]) if (safe) outline(safe, SAFE, true);
  area(g.barcode, BARCODE);
  outline(g.barcode, BORDER, false);

  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 3, 0, 0, 0], 8); // 8-bit palette indices, deflate, no filter method, no interlace
  const dpm = Math.round(ppi / 0.0254);
  const phys = Buffer.alloc(9);
  phys.writeUInt32BE(dpm, 0);
  phys.writeUInt32BE(dpm, 4);
  phys.writeUInt8(1, 8); // pixels per metre
  const inches = coverLengths(g, 'in');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('PLTE', Buffer.from(PALETTE.flat())),
    pngChunk('pHYs', phys),
    text(
      'Title',
      `Cover template: ${book.trim.name} (${book.trim.dimensions ?? ''}), ${book.binding.name}, ${g.printedPageCount} pages, ${book.paper.name}`,
    ),
    text(
      'Description',
      `Full cover ${inches.width} x ${inches.height} in (${lengthIn(g.width, 'mm')} x ${lengthIn(g.height, 'mm')} mm) at ${ppi} ppi; ` +
        `spine ${inches.spineWidth} in. ${g.wrap > 0 ? `Blue: ${inches.wrap} in wrap. ` : ''}Red: ${inches.bleed} in bleed. ` +
        `Black: trim. Purple dashes: spine folds. Blue dashes: safe area, ${inches.safeMargin} in inside trim and folds. ` +
        'Grey: barcode area, keep free. Delete these guides before you export the cover.',
    ),
    pngChunk('IDAT', await deflateAsync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The download's name: the PDF template's, as .png. */
export const pngName = (pdfName: string) => pdfName.replace(/\.pdf$/, '.png');
