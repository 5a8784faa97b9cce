/**
 * The design page's preview (docs/decisions/0073), what does not need PDF.js: which pages show together (a book's
 * spreads on a wide screen, one page on a phone), which pages carry findings of the print check, the trim / bleed /
 * safe-area guides of a page against the chosen trim, the cover's panel and spine lines, and how large a canvas may
 * be. The components draw what these say; PDF.js only paints the pages.
 */
import {
  mergeRanges,
  PAGE_BLEED_PT,
  pageFit,
  SAFETY_MARGIN_PT,
  type PageRange,
  type PdfFacts,
  type PreflightCheck,
  type PreflightReport,
  type PreflightTrim,
} from '@bindery/contracts/store/preflight';
import type { CoverLengths } from '@bindery/contracts/store/cover';

/** A screen this wide or narrower (CSS px) shows one page at a time (a phone). */
export const PHONE_MAX_WIDTH_PX = 600;
/** A page's canvas holds at most this many device pixels (about 16 MB of RGBA), whatever the page or screen. */
export const MAX_CANVAS_PIXELS = 4_000_000;
/** Nor is either side longer than this (below every browser's own canvas limit). */
export const MAX_CANVAS_SIDE_PX = 4096;

const ptOf = (um: number) => (um * 72) / 25_400;

/** A page number within 1…pageCount (a typed "0" or "9999" lands on the first or last page). */
export function clampPage(page: number, pageCount: number): number {
  if (!Number.isFinite(page) || pageCount < 1) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), pageCount);
}

/**
 * The pages shown with `page`: on a wide screen the book's spread — page 1 alone on the right, then 2–3, 4–5…, a
 * last even page alone — and on a phone the page alone.
 */
export function spreadOf(page: number, pageCount: number, wide: boolean): number[] {
  const p = clampPage(page, pageCount);
  if (!wide || p === 1) return [p];
  const left = p % 2 === 0 ? p : p - 1;
  return left + 1 <= pageCount ? [left, left + 1] : [left];
}

/** The first page of the spread before (-1) or after (+1) the one holding `page`; the same page at either end. */
export function stepSpread(page: number, pageCount: number, wide: boolean, step: -1 | 1): number {
  const shown = spreadOf(page, pageCount, wide);
  const edge = step === 1 ? (shown.at(-1) ?? 1) + 1 : (shown[0] ?? 1) - 1;
  return spreadOf(clampPage(edge, pageCount), pageCount, wide)[0] ?? 1;
}

const inRanges = (ranges: readonly PageRange[], page: number) =>
  ranges.some(([a, b]) => a <= page && page <= b);

/** The checks that found something (a warning or an error) on this page. */
export function findingsOn(report: PreflightReport | null, page: number): PreflightCheck[] {
  return (report?.checks ?? []).filter((c) => c.status !== 'ok' && inRanges(c.pages, page));
}

/** Every page with a finding, as merged runs (what the preview marks and links to). */
export function pagesWithFindings(report: PreflightReport | null): PageRange[] {
  return mergeRanges((report?.checks ?? []).filter((c) => c.status !== 'ok').flatMap((c) => c.pages));
}

/** The size in points the server read for this page (its trim box, as the report checked it), if it did. */
export function reportedPageSize(facts: PdfFacts | null | undefined, page: number) {
  const size = facts?.page_sizes.find((s) => inRanges(s.pages, page));
  return size ? { width: size.width_pt, height: size.height_pt } : null;
}

/** A rectangle in points from the drawn page's top-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageGuides {
  /** The drawn page (PDF.js's crop box), the guides' coordinate space. */
  page: { width: number; height: number };
  trim: Box;
  /** The bleed line (0.125 in outside the trim), or null when the page has no room for it. */
  bleed: Box | null;
  /** Text stays inside this (0.25 in inside the trim). */
  safe: Box;
  /** How the page fits the trim (pageFit): as it is, with bleed, or not at all (the trim then centred). */
  fit: 'trim' | 'bleed' | null;
}

const inset = (box: Box, by: number): Box => ({
  x: box.x + by,
  y: box.y + by,
  width: Math.max(0, box.width - 2 * by),
  height: Math.max(0, box.height - 2 * by),
});

/**
 * The guides of a page drawn `drawn` points large whose trim box the server read as `reported` (null: the same),
 * against the chosen trim: the trim centred on the page (exactly its edge when the page is the trim, 0.125 in in
 * when it carries bleed), the bleed 0.125 in outside the trim, the safe area 0.25 in inside. Null without a trim.
 */
export function pageGuides(
  drawn: { width: number; height: number },
  reported: { width: number; height: number } | null,
  trim: PreflightTrim | null,
): PageGuides | null {
  if (!trim) return null;
  const size = reported ?? drawn;
  const width = ptOf(trim.widthUm);
  const height = ptOf(trim.heightUm);
  const fit = pageFit(size.width, size.height, trim);
  const trimBox: Box = { x: (drawn.width - width) / 2, y: (drawn.height - height) / 2, width, height };
  const bleed = inset(trimBox, -PAGE_BLEED_PT);
  const bleedFits = bleed.x >= -0.5 && bleed.y >= -0.5;
  return {
    page: drawn,
    trim: trimBox,
    bleed: bleedFits ? bleed : null,
    safe: inset(trimBox, SAFETY_MARGIN_PT),
    fit,
  };
}

/** The cover's lines in its own points (the server's geometry from @bindery/pricing/cover): sheet, trim, folds. */
export interface CoverGuides {
  sheet: { width: number; height: number };
  trim: Box;
  /** The spine's fold lines (x), none for a book without a spine. */
  folds: number[];
  safe: Box[];
  barcode: Box;
}

export function coverGuides(points: CoverLengths): CoverGuides {
  const { back, spine, front } = points;
  const trim: Box = { x: back.x, y: back.y, width: front.x + front.width - back.x, height: back.height };
  return {
    sheet: { width: points.width, height: points.height },
    trim,
    folds: spine.width > 0 ? [spine.x, spine.x + spine.width] : [],
    safe: [points.back_safe, points.front_safe, ...(points.spine_safe ? [points.spine_safe] : [])],
    barcode: points.barcode,
  };
}

/**
 * The scale to paint a page `widthPt` × `heightPt` at so it is `cssWidth` CSS px wide on a screen of `dpr` device
 * pixels per CSS px, lowered until the canvas stays within MAX_CANVAS_PIXELS and MAX_CANVAS_SIDE_PX.
 */
export function renderScale(widthPt: number, heightPt: number, cssWidth: number, dpr: number): number {
  const wanted = (Math.max(1, cssWidth) / widthPt) * Math.max(1, dpr);
  const byArea = Math.sqrt(MAX_CANVAS_PIXELS / (widthPt * heightPt));
  const bySide = MAX_CANVAS_SIDE_PX / Math.max(widthPt, heightPt);
  return Math.min(wanted, byArea, bySide);
}
