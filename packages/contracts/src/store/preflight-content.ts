/**
 * The preflight's checks of what the pages draw (docs/decisions/0070): colour in a black-and-white book, spot and
 * profile-less device colours, text near the trim edge or in the binding's gutter, and runs of blank pages. The
 * facts come from the inspection worker's scan of the content streams; the checks are pure, like the rest of the
 * report (preflight.ts).
 */
import { z } from 'zod';
import {
  capitalized,
  formatPages,
  mergeRanges,
  PAGE_BLEED_PT,
  pageFit,
  PageRange,
  type PreflightTrim,
} from './preflight-pages.js';

/** What the pages paint in colour (every list capped by the scan: ADR 0070). */
export const PdfColourFacts = z.object({
  /** Pages painting RGB or CMYK colour that is not a grey (r = g = b; c = m = y = 0), in text, lines or fills. */
  colour_pages: z.array(PageRange),
  /** Pages drawing an image whose /ColorSpace has colour (RGB, CMYK, Lab, an indexed or ICC one of those). */
  colour_image_pages: z.array(PageRange),
  /** Spot colours (Separation, DeviceN colourants other than the process ones) by name, with their pages. */
  spot_colours: z.array(z.object({ name: z.string().max(100), pages: z.array(PageRange) })),
  /** Pages painting colour in DeviceRGB or DeviceCMYK with no ICC profile (none in the file's output intent). */
  device_colour_pages: z.array(PageRange),
});
export type PdfColourFacts = z.infer<typeof PdfColourFacts>;

/**
 * A page with text drawn close to its edges: the page, then the distance in points from the page's trim (as
 * PdfFacts sizes it, after /Rotate) to the nearest text origin on its left, right, bottom and top.
 */
export const PdfTextInset = z.tuple([
  z.number().int().positive(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
]);
export type PdfTextInset = z.infer<typeof PdfTextInset>;

export type CheckStatus = 'ok' | 'warning' | 'error';
export interface ContentCheck {
  check: 'colour' | 'safety' | 'blank_pages';
  status: CheckStatus;
  message: string;
  pages: PageRange[];
}

/** What the checks need of the book beyond its trim. */
export interface PreflightBook {
  /** A black-and-white interior: colour prints in greys. */
  readonly blackAndWhite?: boolean;
  /** perfect_bound, case_wrap, linen_wrap, coil_bound, saddle_stitch… (null: not chosen). */
  readonly bindingStyle?: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Colour

/** An interior colour option that prints in greys ("Standard Black & White", "Premium Black & White"). */
export const isBlackAndWhite = (name: string) =>
  /black\s*(&|and)\s*white|\bb\s*\/\s*w\b|gr[ae]yscale/i.test(name);

export function colourCheck(facts: PdfColourFacts, book: PreflightBook): ContentCheck {
  const colour = mergeRanges([...facts.colour_pages, ...facts.colour_image_pages]);
  const spotPages = mergeRanges(facts.spot_colours.flatMap((s) => s.pages));
  const parts: string[] = [];
  let status: CheckStatus = 'ok';
  let pages: PageRange[] = [];
  if (book.blackAndWhite && colour.length > 0) {
    status = 'warning';
    pages = colour;
    const what = [
      ...(facts.colour_pages.length > 0
        ? [`colour text or drawings on ${formatPages(facts.colour_pages)}`]
        : []),
      ...(facts.colour_image_pages.length > 0
        ? [`colour images on ${formatPages(facts.colour_image_pages)}`]
        : []),
    ];
    parts.push(
      `This black-and-white book has ${what.join(' and ')}: they print in greys. Check they read well in grey, or choose a colour interior.`,
    );
  }
  if (facts.spot_colours.length > 0) {
    status = 'warning';
    pages = mergeRanges([...pages, ...spotPages]);
    const names = facts.spot_colours.map((s) => `${s.name} on ${formatPages(s.pages)}`);
    parts.push(
      `Spot colours are used (${names.join('; ')}): they are printed ${book.blackAndWhite ? 'in greys' : 'as process colour'}, so they may shift. Convert them to ${book.blackAndWhite ? 'greys' : 'CMYK'} before you export.`,
    );
  }
  // Profile-less device colour is told, not warned: the printer converts it with its standard profile.
  if (!book.blackAndWhite && facts.device_colour_pages.length > 0)
    parts.push(
      `Note: ${formatPages(facts.device_colour_pages)} use RGB or CMYK colour without a colour profile; it is printed with our standard conversion, so colours may differ slightly from your screen.`,
    );
  const message =
    parts.length > 0
      ? parts.join(' ')
      : book.blackAndWhite
        ? 'The pages are in greys only.'
        : 'No colour problem found.';
  return { check: 'colour', status, message, pages };
}

// ---------------------------------------------------------------------------------------------------------------
// Safety margin and gutter

/** Text closer than this to the trim edge may be cut: 0.25 in. */
export const SAFETY_MARGIN_PT = 18;

/**
 * The inside margin (gutter) a bound book needs by its page count, in points (KDP's table): 0.375 in up to 150
 * pages, 0.5 in to 300, 0.625 in to 500, 0.75 in to 700, 0.875 in beyond. A coil binding's holes need at least
 * 0.5 in; a saddle-stitched booklet opens flat at its fold and keeps the first step.
 */
export function gutterPt(pages: number, bindingStyle?: string | null): number {
  if (bindingStyle === 'saddle_stitch') return 27;
  const table = pages <= 150 ? 27 : pages <= 300 ? 36 : pages <= 500 ? 45 : pages <= 700 ? 54 : 63;
  return bindingStyle === 'coil_bound' ? Math.max(table, 36) : table;
}

const inches = (pt: number) => `${String(Math.round((pt / 72) * 1000) / 1000)} in`;

/** Insets are kept for pages with text this close to an edge (the widest gutter plus bleed). */
export const TEXT_INSET_KEPT_PT = 63 + PAGE_BLEED_PT;

export function safetyCheck(
  insets: readonly PdfTextInset[],
  sizes: readonly { width_pt: number; height_pt: number; pages: readonly PageRange[] }[],
  trim: PreflightTrim,
  totalPages: number,
  book: PreflightBook,
  truncated: boolean,
): ContentCheck {
  const gutter = gutterPt(totalPages, book.bindingStyle);
  const sizeOf = (page: number) => sizes.find((s) => s.pages.some(([a, b]) => page >= a && page <= b));
  const edge: PageRange[] = [];
  const inside: PageRange[] = [];
  for (const [page, left, right, bottom, top] of insets) {
    const size = sizeOf(page);
    // A page with bleed is sized to its bleed edge: the trim lies 0.125 in inside it.
    const bleed = size && pageFit(size.width_pt, size.height_pt, trim) === 'bleed' ? PAGE_BLEED_PT : 0;
    // Page 1 is a right-hand page: its binding side is on the left; even pages bind on the right.
    const [inner, outer] = page % 2 === 1 ? [left, right] : [right, left];
    if (Math.min(outer, top, bottom) - bleed < SAFETY_MARGIN_PT) edge.push([page, page]);
    if (inner - bleed < gutter) inside.push([page, page]);
  }
  const edgeRuns = mergeRanges(edge);
  const insideRuns = mergeRanges(inside);
  const parts = [
    ...(edgeRuns.length > 0
      ? [
          `Text lies within ${inches(SAFETY_MARGIN_PT)} of the trim edge on ${formatPages(edgeRuns)}: it may be cut off. Keep text at least ${inches(SAFETY_MARGIN_PT)} inside the trim.`,
        ]
      : []),
    ...(insideRuns.length > 0
      ? [
          `${capitalized(formatPages(insideRuns))} ${insideRuns.length === 1 && insideRuns[0]?.[0] === insideRuns[0]?.[1] ? 'has' : 'have'} text in the ${inches(gutter)} gutter a ${totalPages}-page book needs on its binding side: it may disappear into the binding. Make the inside margin at least ${inches(gutter)}.`,
        ]
      : []),
    ...(truncated ? ['Only the first pages with text near their edges were checked.'] : []),
  ];
  return {
    check: 'safety',
    status: parts.length > 0 ? 'warning' : 'ok',
    message:
      parts.length > 0
        ? parts.join(' ')
        : `All text is at least ${inches(SAFETY_MARGIN_PT)} from the trim edge and ${inches(gutter)} from the binding.`,
    pages: mergeRanges([...edgeRuns, ...insideRuns]),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Blank pages

/** A run of this many blank pages or more is a warning; shorter runs are a book's ordinary blank versos and ends. */
export const BLANK_RUN_WARNING = 3;

export function blankPagesCheck(blank: readonly PageRange[]): ContentCheck {
  const runs = mergeRanges(blank).filter(([a, b]) => b - a + 1 >= BLANK_RUN_WARNING);
  if (runs.length === 0)
    return {
      check: 'blank_pages',
      status: 'ok',
      message:
        blank.length === 0
          ? 'No page is blank.'
          : `No more than ${BLANK_RUN_WARNING - 1} blank pages in a row.`,
      pages: [],
    };
  return {
    check: 'blank_pages',
    status: 'warning',
    message: `${capitalized(formatPages(runs))} ${runs.length === 1 && runs[0]?.[0] === runs[0]?.[1] ? 'is' : 'are'} blank (${BLANK_RUN_WARNING} or more in a row): they are printed as blank pages. Check nothing is missing.`,
    pages: runs,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Acknowledging warnings

/**
 * The identity of a report's warnings (check, message and pages; cyrb53 in hex): the design page sends it back
 * when the customer has reviewed them, and upload-book saves a book with warnings only when the key of the report
 * it computes itself matches. Not a secret, only "these very warnings".
 */
export function warningsKey(
  checks: readonly { check: string; status: string; message: string; pages: readonly PageRange[] }[],
): string | null {
  const warnings = checks.filter((c) => c.status === 'warning');
  if (warnings.length === 0) return null;
  const text = JSON.stringify(warnings.map((c) => [c.check, c.message, c.pages]));
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
