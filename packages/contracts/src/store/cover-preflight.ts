/**
 * Print preflight of a cover (docs/decisions/0069): the facts the server read from the cover's bytes at upload (an
 * image's pixels, or a PDF's page sizes, fonts and images as for an interior: `CoverFacts`), and the report they give
 * against the full cover the book needs (`CoverSize`: GET api/cover-dimensions/'s points, ADR 0055). A pure
 * function, so upload-book recomputes it whenever the page count, trim, binding or paper change, and the design page
 * shows the same findings the server enforces.
 *
 * Rules: a PDF cover is one page whose trim (TrimBox, else CropBox, else MediaBox) is the full cover with its bleed
 * (and a hardcover's wrap) within 1 pt each way; a paperback cover whose page is the trimmed spread is a warning (its
 * bleed may lie outside the page we read). An image has no size of its own: it must have the full cover's shape
 * (its width at the resolution of its height within 1 pt, plus a pixel, of the cover's width) and reach 300 ppi at
 * that size (a warning below, an error below 150). A PDF's fonts, images and colours are checked as an interior's
 * (a cover always prints in colour: spot colours are a warning, profile-less device colour a note).
 */
import { z } from 'zod';
import type { CoverLengths } from './cover.js';
import { colourCheck } from './preflight-content.js';
import {
  fontsCheck,
  formatPageSize,
  IMAGE_GOOD_PPI,
  IMAGE_MIN_PPI,
  imagesCheck,
  PAGE_SIZE_TOLERANCE_PT,
  PdfFacts,
  PreflightStatus,
} from './preflight.js';

/** What the server read of a cover file: an image's pixels, or a PDF's pages. */
export const CoverFacts = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('image'),
    width_px: z.number().int().positive(),
    height_px: z.number().int().positive(),
  }),
  z.object({ kind: z.literal('pdf'), page_count: z.number().int().positive(), facts: PdfFacts }),
]);
export type CoverFacts = z.infer<typeof CoverFacts>;

export const CoverCheckId = z.enum([
  'cover_pages',
  'cover_size',
  'cover_resolution',
  'fonts',
  'images',
  'colour',
]);
export type CoverCheckId = z.infer<typeof CoverCheckId>;

/** Each check's title as the design page and the admin's order show it. */
export const COVER_CHECK_TITLES: Readonly<Record<CoverCheckId, string>> = {
  cover_pages: 'One page',
  cover_size: 'Cover size',
  cover_resolution: 'Image resolution',
  fonts: 'Fonts embedded',
  images: 'Image resolution',
  colour: 'Colour',
};

export const CoverPreflightCheck = z.object({
  check: CoverCheckId,
  status: PreflightStatus,
  /** What is wrong and what to do, or what was found right. */
  message: z.string(),
});
export type CoverPreflightCheck = z.infer<typeof CoverPreflightCheck>;

export const CoverPreflightReport = z.object({
  /** The worst status of the checks: an error stops the book from being printed. */
  status: PreflightStatus,
  /** The full cover the file was checked against: "12.93 × 9.25 in (328.4 × 235 mm)". */
  cover_size: z.string(),
  checks: z.array(CoverPreflightCheck),
});
export type CoverPreflightReport = z.infer<typeof CoverPreflightReport>;

/** The full cover of the book, in points (1/72 in), as GET api/cover-dimensions/ answers it. */
export interface CoverSize {
  /** The whole sheet: back, spine and front with the bleed (and a hardcover's wrap) around. */
  readonly widthPt: number;
  readonly heightPt: number;
  readonly trimWidthPt: number;
  readonly spineWidthPt: number;
  readonly bleedPt: number;
  readonly wrapPt: number;
  /** The printed page count the spine is made for. */
  readonly pageCount: number;
}

/** The size to check against from the cover-dimensions answer (its points and printed page count). */
export function coverSizeOf(dimensions: { points: CoverLengths; printed_page_count: number }): CoverSize {
  const p = dimensions.points;
  return {
    widthPt: p.width,
    heightPt: p.height,
    trimWidthPt: p.trim_width,
    spineWidthPt: p.spine_width,
    bleedPt: p.bleed,
    wrapPt: p.wrap,
    pageCount: dimensions.printed_page_count,
  };
}

/** A cover upload's facts as the server answers an upload (UploadedFile), or null when it kept none. */
export function coverFactsOf(upload: {
  content_type: string;
  page_count: number | null;
  width_px?: number | null;
  height_px?: number | null;
  pdf_facts?: unknown;
}): CoverFacts | null {
  const facts =
    upload.content_type === 'application/pdf'
      ? { kind: 'pdf', page_count: upload.page_count, facts: upload.pdf_facts }
      : { kind: 'image', width_px: upload.width_px, height_px: upload.height_px };
  const parsed = CoverFacts.safeParse(facts);
  return parsed.success ? parsed.data : null;
}

const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round(value * f + 1e-7) / f;
};
/** "0.68 in (17.3 mm)". */
const length = (pt: number) => `${round(pt / 72, 2)} in (${round((pt * 25.4) / 72, 1)} mm)`;
const inches = (pt: number) => `${round(pt / 72, 2)} in`;
/** Bleed and wrap to the thousandth: "0.125 in". */
const edgeInches = (pt: number) => `${round(pt / 72, 3)} in`;
const near = (a: number, b: number, slack = 0) => Math.abs(a - b) <= PAGE_SIZE_TOLERANCE_PT + slack;

/** What the full cover is, with its bleed (and wrap). */
function coverText(size: CoverSize): string {
  const bleed = `${edgeInches(size.bleedPt)} bleed`;
  const edge = size.wrapPt > 0 ? `${bleed} and ${edgeInches(size.wrapPt)} wrap` : bleed;
  return `${formatPageSize(size.widthPt, size.heightPt)}, with ${edge} on every side`;
}

/** Pixels for the full cover at a resolution, rounded up. */
const pixels = (size: CoverSize, ppi: number) =>
  `${Math.ceil((size.widthPt / 72) * ppi)} × ${Math.ceil((size.heightPt / 72) * ppi)} px`;

/**
 * What a cover of this width (at the right height) was made for: "This cover was made for a 0.25 in spine; a
 * 300-page book needs 0.68 in." Null when the width is not a spine's difference (no spine, or a negative one).
 */
function spineText(size: CoverSize, widthPt: number): string | null {
  if (size.spineWidthPt === 0) return null;
  const spine = widthPt - (size.widthPt - size.spineWidthPt);
  if (spine < 0) return null;
  return `This cover was made for a ${inches(spine)} spine; a ${size.pageCount}-page book needs ${inches(size.spineWidthPt)}.`;
}

/** By how much a size is off in each direction: "0.43 in (10.9 mm) too narrow and 0.1 in (2.5 mm) too short". */
function offBy(size: CoverSize, widthPt: number, heightPt: number): string {
  const parts: string[] = [];
  const dw = widthPt - size.widthPt;
  const dh = heightPt - size.heightPt;
  if (!near(dw, 0)) parts.push(`${length(Math.abs(dw))} too ${dw < 0 ? 'narrow' : 'wide'}`);
  if (!near(dh, 0)) parts.push(`${length(Math.abs(dh))} too ${dh < 0 ? 'short' : 'tall'}`);
  return parts.join(' and ');
}

function pdfSizeCheck(facts: PdfFacts, size: CoverSize): CoverPreflightCheck {
  const first = facts.page_sizes.find((s) => s.pages.some(([a]) => a === 1)) ?? facts.page_sizes[0];
  if (!first) return { check: 'cover_size', status: 'error', message: 'This file has no page.' };
  const { width_pt: w, height_pt: h } = first;
  if (near(w, size.widthPt) && near(h, size.heightPt))
    return {
      check: 'cover_size',
      status: 'ok',
      message: `The cover is ${formatPageSize(w, h)}: the full cover of this book with its bleed.`,
    };
  const trimmedW = size.widthPt - 2 * size.bleedPt;
  const trimmedH = size.heightPt - 2 * size.bleedPt;
  if (size.wrapPt === 0 && near(w, trimmedW) && near(h, trimmedH))
    return {
      check: 'cover_size',
      status: 'warning',
      message: `The cover's page is ${formatPageSize(w, h)}, the trimmed spread without bleed. Make sure the artwork runs ${edgeInches(size.bleedPt)} beyond it on every side: the printed sheet is ${coverText(size)}.`,
    };
  const spine = near(h, size.heightPt) ? spineText(size, w) : null;
  return {
    check: 'cover_size',
    status: 'error',
    message: [
      ...(spine ? [spine] : []),
      `This cover is ${formatPageSize(w, h)}: ${offBy(size, w, h)}.`,
      `Make it ${coverText(size)}: download the cover template for this book.`,
    ].join(' '),
  };
}

/** An image's size and resolution at the full cover: its shape must be the cover's, its pixels enough for print. */
function imageChecks(image: { width_px: number; height_px: number }, size: CoverSize): CoverPreflightCheck[] {
  const { width_px: w, height_px: h } = image;
  // The image's resolution by its height (which the page count does not change), and the width that gives.
  const ppiByHeight = h / (size.heightPt / 72);
  const widthPt = (w / ppiByHeight) * 72;
  const onePixelPt = 72 / ppiByHeight;
  const fits = near(widthPt, size.widthPt, onePixelPt);
  const sizeCheck: CoverPreflightCheck = fits
    ? {
        check: 'cover_size',
        status: 'ok',
        message: `The image (${w} × ${h} px) has the shape of this book's full cover, ${coverText(size)}.`,
      }
    : {
        check: 'cover_size',
        status: 'error',
        message: [
          ...(spineText(size, widthPt) ? [spineText(size, widthPt)] : []),
          `This image is ${w} × ${h} px: at the ${inches(size.heightPt)} height of the cover it is ${inches(widthPt)} wide, ${offBy(size, widthPt, size.heightPt)}.`,
          `This book's full cover is ${coverText(size)}: at ${IMAGE_GOOD_PPI} ppi an image of ${pixels(size, IMAGE_GOOD_PPI)}. Download the cover template for this book.`,
        ].join(' '),
      };
  // The lower of the two directions, to the nearest whole ppi (an image made at 96 ppi is rounded to whole pixels).
  const ppi = Math.round(Math.min(w / (size.widthPt / 72), ppiByHeight));
  const need = `It needs ${pixels(size, IMAGE_GOOD_PPI)} (${IMAGE_GOOD_PPI} ppi) for a sharp print; ${pixels(size, IMAGE_MIN_PPI)} (${IMAGE_MIN_PPI} ppi) is the least we print.`;
  const resolution: CoverPreflightCheck =
    ppi >= IMAGE_GOOD_PPI
      ? {
          check: 'cover_resolution',
          status: 'ok',
          message: `The image is ${ppi} ppi at the size of the cover.`,
        }
      : {
          check: 'cover_resolution',
          status: ppi < IMAGE_MIN_PPI ? 'error' : 'warning',
          message: `This image is ${ppi} ppi at the size of the cover (${formatPageSize(size.widthPt, size.heightPt)}), so it will print ${ppi < IMAGE_MIN_PPI ? 'blurred' : 'soft'}. ${need}`,
        };
  return [sizeCheck, resolution];
}

const WORST: readonly PreflightStatus[] = ['error', 'warning', 'ok'];

/** The report of a cover's facts against the full cover its book needs. */
export function coverPreflightReport(facts: CoverFacts, size: CoverSize): CoverPreflightReport {
  const pdf = facts.kind === 'pdf' ? facts.facts : null;
  const fonts = pdf?.fonts ? fontsCheck(pdf.fonts, pdf.fonts_truncated ?? false) : null;
  const images = pdf?.images ? imagesCheck(pdf) : null;
  // The interior's colour check as for a colour book: a cover is printed in colour whatever the interior is.
  const colour = pdf?.colour ? colourCheck(pdf.colour, { blackAndWhite: false }) : null;
  const checks: CoverPreflightCheck[] =
    facts.kind === 'image'
      ? imageChecks(facts, size)
      : [
          facts.page_count === 1
            ? { check: 'cover_pages', status: 'ok', message: 'The cover is one page.' }
            : {
                check: 'cover_pages',
                status: 'error',
                message: `This file has ${facts.page_count} pages: a cover is one page, the whole spread (back, spine and front side by side). Put them on one page of ${coverText(size)}.`,
              },
          pdfSizeCheck(facts.facts, size),
          ...(fonts ? [{ check: 'fonts' as const, status: fonts.status, message: fonts.message }] : []),
          ...(images ? [{ check: 'images' as const, status: images.status, message: images.message }] : []),
          ...(colour ? [{ check: 'colour' as const, status: colour.status, message: colour.message }] : []),
        ];
  const status = WORST.find((s) => checks.some((c) => c.status === s)) ?? 'ok';
  return { status, cover_size: formatPageSize(size.widthPt, size.heightPt), checks };
}
