/**
 * Print preflight of an interior PDF (docs/decisions/0060): the facts the server read from the file's bytes
 * (`PdfFacts`, kept with the upload), and the report those facts give against the book's chosen trim
 * (`PreflightReport`, kept with the project). The report is a pure function of the facts and the trim, so the
 * server recomputes it whenever the options change without reading the file again, and the design page shows the
 * same findings the server enforces as soon as a file or a trim is chosen.
 *
 * Rules: a page's trim (TrimBox, else CropBox, else MediaBox, as shown after /Rotate) must equal the trim size,
 * either as it is or with 0.125 in of bleed on each side, within 1 pt. Pages of other sizes are an error that names
 * the trims the file fits; pages of mixed sizes and rotated pages are warnings. Every font the pages name must be
 * embedded (a Type 3 font is; a standard font that is not is an error like any other). Every image drawn must reach
 * 300 ppi at the size it is drawn (a warning below, an error below 150). Colour, the safe area and gutter, blank
 * runs and the acknowledgement of warnings: preflight-content.ts (docs/decisions/0070).
 */
import { z } from 'zod';
import {
  capitalized,
  formatPageSize,
  formatPages,
  mergeRanges,
  near,
  PAGE_BLEED_PT,
  pageCount,
  pageFit,
  PageRange,
  type PreflightTrim,
  ptOf,
  round,
} from './preflight-pages.js';
import {
  blankPagesCheck,
  colourCheck,
  PdfColourFacts,
  PdfTextInset,
  safetyCheck,
  warningsKey,
  type PreflightBook,
} from './preflight-content.js';

export {
  BLANK_RUN_WARNING,
  gutterPt,
  isBlackAndWhite,
  PdfColourFacts,
  PdfTextInset,
  SAFETY_MARGIN_PT,
  TEXT_INSET_KEPT_PT,
  warningsKey,
  type PreflightBook,
} from './preflight-content.js';
export {
  formatPageSize,
  formatPages,
  mergeRanges,
  PAGE_BLEED_PT,
  PAGE_SIZE_TOLERANCE_PT,
  pageFit,
  PageRange,
  type PreflightTrim,
} from './preflight-pages.js';

/** One page size of the file (in PDF points, 1/72 in, as the page shows after its /Rotate) and its pages. */
export const PdfPageSize = z.object({
  width_pt: z.number().positive(),
  height_pt: z.number().positive(),
  pages: z.array(PageRange),
});
export type PdfPageSize = z.infer<typeof PdfPageSize>;

/** Pages that carry a /Rotate of 90, 180 or 270 degrees. */
export const PdfRotation = z.object({
  degrees: z.union([z.literal(90), z.literal(180), z.literal(270)]),
  pages: z.array(PageRange),
});
export type PdfRotation = z.infer<typeof PdfRotation>;

/** A font the pages' resources name, and whether the file carries its program. */
export const PdfFont = z.object({
  /** As the file names it, without a subset's "ABCDEF+" prefix. */
  name: z.string().max(200),
  /** Type1, TrueType, Type0, Type3… */
  subtype: z.string().max(40),
  /** The program is in the file (a Type 3 font always is: its glyphs are the file's own drawings). */
  embedded: z.boolean(),
  /** One of the 14 standard fonts (or an alias of one). */
  standard: z.boolean(),
  pages: z.array(PageRange),
});
export type PdfFont = z.infer<typeof PdfFont>;

/** An image drawn below 300 ppi: its pixels, the size it is drawn at (points) and the resolution that gives. */
export const PdfImage = z.object({
  width_px: z.number().int().positive(),
  height_px: z.number().int().positive(),
  width_pt: z.number().positive(),
  height_pt: z.number().positive(),
  /** The lower of the two directions', rounded down. */
  ppi: z.number().int().nonnegative(),
  pages: z.array(PageRange),
});
export type PdfImage = z.infer<typeof PdfImage>;

/** What the server read of an interior PDF's pages (never what the file says of itself beyond its boxes). */
export const PdfFacts = z.object({
  page_sizes: z.array(PdfPageSize),
  rotated: z.array(PdfRotation),
  /** Absent: not read (fonts came after page sizes). */
  fonts: z.array(PdfFont).optional(),
  /** More fonts than the check lists: those beyond it were not checked. */
  fonts_truncated: z.boolean().optional(),
  /** Images drawn below 300 ppi (absent: not read). */
  images: z.array(PdfImage).optional(),
  /** How many image draws were checked in all. */
  images_checked: z.number().int().nonnegative().optional(),
  /** Pages whose content could not be read in full, so their images were not all checked. */
  images_unchecked: z.array(PageRange).optional(),
  /** More low-resolution images or draws than the check lists. */
  images_truncated: z.boolean().optional(),
  /** What the pages paint in colour (absent: not read; ADR 0070). */
  colour: PdfColourFacts.optional(),
  /** Pages with text near an edge, with its distances (absent: not read; ADR 0070). */
  text_insets: z.array(PdfTextInset).optional(),
  /** More such pages than the scan keeps. */
  text_insets_truncated: z.boolean().optional(),
  /** Pages that draw nothing (absent: not read; ADR 0070). */
  blank_pages: z.array(PageRange).optional(),
});
export type PdfFacts = z.infer<typeof PdfFacts>;

export const PreflightStatus = z.enum(['ok', 'warning', 'error']);
export type PreflightStatus = z.infer<typeof PreflightStatus>;

export const PreflightCheckId = z.enum([
  'page_size',
  'mixed_sizes',
  'rotated_pages',
  'fonts',
  'images',
  'colour',
  'safety',
  'blank_pages',
]);
export type PreflightCheckId = z.infer<typeof PreflightCheckId>;

/** Each check's title as the design page and the admin's order show it. */
export const PREFLIGHT_CHECK_TITLES: Readonly<Record<PreflightCheckId, string>> = {
  page_size: 'Page size',
  mixed_sizes: 'Same size throughout',
  rotated_pages: 'Rotated pages',
  fonts: 'Fonts embedded',
  images: 'Image resolution',
  colour: 'Colour',
  safety: 'Text inside the safe area',
  blank_pages: 'Blank pages',
};

export const PreflightCheck = z.object({
  check: PreflightCheckId,
  status: PreflightStatus,
  /** What is wrong and what to do, or what was found right. */
  message: z.string(),
  /** The pages concerned (empty when the check passed or concerns no page in particular). */
  pages: z.array(PageRange),
});
export type PreflightCheck = z.infer<typeof PreflightCheck>;

export const PreflightReport = z.object({
  /** The worst status of the checks: an error stops the book from being printed. */
  status: PreflightStatus,
  /** The trim size the pages were checked against (null: the product has none, as a calendar or an e Book). */
  trim_size: z.string().nullable(),
  checks: z.array(PreflightCheck),
  /**
   * The identity of the report's warnings (null: none): upload-book saves a book with warnings only when the
   * request acknowledges this key (ADR 0070). Absent in reports stored before it.
   */
  warnings_key: z.string().max(32).nullable().optional(),
});
export type PreflightReport = z.infer<typeof PreflightReport>;

/** The file's sizes with sizes within the tolerance of each other taken as one (the first one's size). */
function distinctSizes(sizes: readonly PdfPageSize[]): PdfPageSize[] {
  const out: PdfPageSize[] = [];
  for (const size of sizes) {
    const same = out.find((o) => near(o.width_pt, size.width_pt) && near(o.height_pt, size.height_pt));
    if (same) same.pages = mergeRanges([...same.pages, ...size.pages]);
    else out.push({ ...size, pages: mergeRanges(size.pages) });
  }
  return out.sort((a, b) => (a.pages[0]?.[0] ?? 0) - (b.pages[0]?.[0] ?? 0));
}

/** "A4 size: 8.27 × 11.69 in (210 × 297 mm), or … with 0.125 in bleed". */
function trimText(trim: PreflightTrim): string {
  const w = ptOf(trim.widthUm);
  const h = ptOf(trim.heightUm);
  const bleed = formatPageSize(w + 2 * PAGE_BLEED_PT, h + 2 * PAGE_BLEED_PT);
  return `${trim.name} size: ${formatPageSize(w, h)}, or ${bleed} with 0.125 in bleed`;
}

const orList = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;

function pageSizeCheck(
  sizes: readonly PdfPageSize[],
  trim: PreflightTrim,
  trims: readonly PreflightTrim[],
): PreflightCheck {
  const wrong = sizes.filter((s) => pageFit(s.width_pt, s.height_pt, trim) === null);
  if (wrong.length === 0) {
    const fits = new Set(sizes.map((s) => pageFit(s.width_pt, s.height_pt, trim)));
    const how = fits.has('bleed') ? (fits.has('trim') ? ', some with bleed' : ' with 0.125 in bleed') : '';
    return {
      check: 'page_size',
      status: 'ok',
      message: `Every page is ${trim.name}${how}.`,
      pages: [],
    };
  }
  const pages = mergeRanges(wrong.flatMap((s) => s.pages));
  const [only] = wrong;
  if (only && sizes.length === 1) {
    // The whole file is one other size: name the trims it fits.
    const fitting = trims
      .filter((t) => t.name !== trim.name && pageFit(only.width_pt, only.height_pt, t) !== null)
      .map((t) => t.name);
    const size = formatPageSize(only.width_pt, only.height_pt);
    const upload = `upload a file of ${trimText(trim)}`;
    return {
      check: 'page_size',
      status: 'error',
      message:
        fitting.length > 0
          ? `This file is ${size}: choose ${orList(fitting)}, or ${upload}.`
          : `This file is ${size}, which is none of this book's trim sizes: ${upload}.`,
      pages,
    };
  }
  const each = wrong.map(
    (s) =>
      `${formatPages(s.pages)} ${pageCount(s.pages) === 1 ? 'is' : 'are'} ${formatPageSize(s.width_pt, s.height_pt)}`,
  );
  return {
    check: 'page_size',
    status: 'error',
    message: `${capitalized(each.join('; '))}: every page must be of ${trimText(trim)}. Upload a file whose pages are all that size.`,
    pages,
  };
}

function mixedSizesCheck(sizes: readonly PdfPageSize[]): PreflightCheck {
  if (sizes.length <= 1)
    return { check: 'mixed_sizes', status: 'ok', message: 'Every page has the same size.', pages: [] };
  const list = sizes.map((s) => `${formatPageSize(s.width_pt, s.height_pt)} on ${formatPages(s.pages)}`);
  // The pages of every size but the most common one.
  const main = [...sizes].sort((a, b) => pageCount(b.pages) - pageCount(a.pages))[0];
  return {
    check: 'mixed_sizes',
    status: 'warning',
    message: `This file mixes ${sizes.length} page sizes: ${list.join('; ')}. A printed book has one page size: export every page at the same size.`,
    pages: mergeRanges(sizes.filter((s) => s !== main).flatMap((s) => s.pages)),
  };
}

function rotatedCheck(rotated: readonly PdfRotation[]): PreflightCheck {
  const pages = mergeRanges(rotated.flatMap((r) => r.pages));
  if (pages.length === 0)
    return { check: 'rotated_pages', status: 'ok', message: 'No page is rotated.', pages: [] };
  const list = rotated.map((r) => `${formatPages(r.pages)} by ${r.degrees}°`);
  return {
    check: 'rotated_pages',
    status: 'warning',
    message: `This file turns ${list.join('; ')}. They are checked and printed as they show on screen: make sure they read the right way up.`,
    pages,
  };
}

export function fontsCheck(fonts: readonly PdfFont[], truncated: boolean): PreflightCheck {
  const missing = fonts.filter((f) => !f.embedded);
  const more = truncated
    ? ' (The file names more fonts than we list: only the first ones were checked.)'
    : '';
  if (missing.length === 0)
    return {
      check: 'fonts',
      status: truncated ? 'warning' : 'ok',
      message:
        fonts.length === 0
          ? 'The pages name no fonts.'
          : `Every font is embedded (${fonts.length === 1 ? '1 font' : `${fonts.length} fonts`}).${more}`,
      pages: [],
    };
  const list = missing.map(
    (f) =>
      `${f.name}${f.standard ? ' (a standard font, which printers still need embedded)' : ''} on ${formatPages(f.pages)}`,
  );
  return {
    check: 'fonts',
    status: 'error',
    message: `${missing.length === 1 ? 'This font is' : 'These fonts are'} not embedded: ${list.join('; ')}. Export the PDF again with all fonts embedded (for example as PDF/X-1a or PDF/A).${more}`,
    pages: mergeRanges(missing.flatMap((f) => f.pages)),
  };
}

/** Below this an image is an error (it prints blurred); below IMAGE_GOOD_PPI, a warning. */
export const IMAGE_MIN_PPI = 150;
export const IMAGE_GOOD_PPI = 300;
/** Images named in a message; the pages of all of them are in the check's pages. */
const IMAGES_NAMED = 8;

export function imagesCheck(facts: PdfFacts): PreflightCheck {
  const images = facts.images ?? [];
  const inches = (pt: number) => String(round(pt / 72, 2));
  const describe = (i: PdfImage) =>
    `${capitalized(formatPages(i.pages))}: ${i.width_px} × ${i.height_px} px drawn at ${inches(i.width_pt)} × ${inches(i.height_pt)} in is ${i.ppi} ppi`;
  const errors = images.filter((i) => i.ppi < IMAGE_MIN_PPI);
  const warnings = images.filter((i) => i.ppi >= IMAGE_MIN_PPI);
  const notes: string[] = [];
  if (facts.images_unchecked?.length)
    notes.push(
      `The content of ${formatPages(facts.images_unchecked)} could not be read in full, so not all of its images were checked.`,
    );
  if (facts.images_truncated)
    notes.push('The file draws more images than we list: only the first ones were checked.');
  const status: PreflightStatus =
    errors.length > 0 ? 'error' : warnings.length > 0 || notes.length > 0 ? 'warning' : 'ok';
  const named = [...errors, ...warnings].slice(0, IMAGES_NAMED).map(describe);
  const others = errors.length + warnings.length - named.length;
  const parts = [
    ...(errors.length > 0
      ? [
          `${errors.length === 1 ? 'An image is' : `${errors.length} images are`} below ${IMAGE_MIN_PPI} ppi and will print blurred.`,
        ]
      : []),
    ...(warnings.length > 0
      ? [
          `${warnings.length === 1 ? 'An image is' : `${warnings.length} images are`} below ${IMAGE_GOOD_PPI} ppi and may print soft.`,
        ]
      : []),
    ...(named.length > 0 ? [`${named.join('; ')}${others > 0 ? `; and ${others} more` : ''}.`] : []),
    ...(named.length > 0 ? ['Use larger images or draw them smaller, then export the PDF again.'] : []),
    ...notes,
  ];
  const checked = facts.images_checked ?? 0;
  return {
    check: 'images',
    status,
    message:
      parts.length > 0
        ? parts.join(' ')
        : checked === 0
          ? 'The pages draw no images.'
          : `Every image is ${IMAGE_GOOD_PPI} ppi or more at the size it is drawn (${checked === 1 ? '1 image' : `${checked} images`}).`,
    pages: mergeRanges([...errors, ...warnings].flatMap((i) => i.pages)),
  };
}

const WORST: readonly PreflightStatus[] = ['error', 'warning', 'ok'];

/**
 * The report of an interior's facts against the chosen trim (null when the product has no trim size) and the
 * trims the product offers (named when the file fits another one).
 */
export function preflightReport(
  facts: PdfFacts,
  trim: PreflightTrim | null,
  trims: readonly PreflightTrim[],
  book: PreflightBook = {},
): PreflightReport {
  const sizes = distinctSizes(facts.page_sizes);
  const totalPages = pageCount(facts.page_sizes.flatMap((s) => s.pages));
  const checks: PreflightCheck[] = [
    ...(trim ? [pageSizeCheck(sizes, trim, trims)] : []),
    mixedSizesCheck(sizes),
    rotatedCheck(facts.rotated),
    ...(facts.fonts ? [fontsCheck(facts.fonts, facts.fonts_truncated ?? false)] : []),
    ...(facts.images ? [imagesCheck(facts)] : []),
    ...(facts.colour ? [colourCheck(facts.colour, book)] : []),
    ...(trim && facts.text_insets
      ? [
          safetyCheck(
            facts.text_insets,
            facts.page_sizes,
            trim,
            totalPages,
            book,
            facts.text_insets_truncated ?? false,
          ),
        ]
      : []),
    ...(facts.blank_pages ? [blankPagesCheck(facts.blank_pages)] : []),
  ];
  const status = WORST.find((s) => checks.some((c) => c.status === s)) ?? 'ok';
  return { status, trim_size: trim?.name ?? null, checks, warnings_key: warningsKey(checks) };
}
