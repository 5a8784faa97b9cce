/**
 * Which bindings a book can have, as data. Each binding item in a catalog has a style (perfect bound, case wrap…);
 * the style carries the page range and the page multiple, with per-trim overrides where a printer's range
 * differs (perfect bound on the two big landscape trims only reaches 250 pages).
 *
 * Page counts are printed as even numbers (saddle stitch: multiples of 4). A book whose page count is odd or not a
 * multiple of 4 is printed and priced with blank pages added at the end, as Lulu does; the ranges apply to the
 * printed count. See docs/decisions/0002-page-counts-and-binding-ranges.md.
 * @see ../../shared/reference/print-industry.md "Page counts"
 */
import type { TrimCode } from './trim-sizes.js';

export const BINDING_STYLES = [
  'perfect_bound',
  'coil_bound',
  'saddle_stitch',
  'case_wrap',
  'linen_wrap',
  'wire_o',
] as const;
export type BindingStyle = (typeof BINDING_STYLES)[number];

export interface PageRange {
  readonly min: number;
  readonly max: number;
}

export interface BindingStyleDefinition {
  readonly style: BindingStyle;
  /** The spec's spelling. */
  readonly name: string;
  readonly cover: 'paperback' | 'hardcover' | 'calendar';
  /** Page range on every trim unless overridden; null where a page count does not apply (calendars). */
  readonly pages: PageRange | null;
  /** Printed page counts are multiples of this. */
  readonly pageMultiple: 2 | 4;
}

/**
 * Lulu's ranges: paperback from 32 pages, hardcover 24–800, saddle stitch 4–48, coil up to 470. The original
 * allowed coil from 3 pages; printed even that is 4. Linen wrap starts at 32 as in the original.
 */
export const BINDING_STYLE_DEFINITIONS: Readonly<Record<BindingStyle, BindingStyleDefinition>> = {
  perfect_bound: {
    style: 'perfect_bound',
    name: 'Perfect Bound',
    cover: 'paperback',
    pages: { min: 32, max: 800 },
    pageMultiple: 2,
  },
  coil_bound: {
    style: 'coil_bound',
    name: 'Coil Bound',
    cover: 'paperback',
    pages: { min: 4, max: 470 },
    pageMultiple: 2,
  },
  saddle_stitch: {
    style: 'saddle_stitch',
    name: 'Saddle Stitch',
    cover: 'paperback',
    pages: { min: 4, max: 48 },
    pageMultiple: 4,
  },
  case_wrap: {
    style: 'case_wrap',
    name: 'Case Wrap',
    cover: 'hardcover',
    pages: { min: 24, max: 800 },
    pageMultiple: 2,
  },
  linen_wrap: {
    style: 'linen_wrap',
    name: 'Linen Wrap',
    cover: 'hardcover',
    pages: { min: 32, max: 800 },
    pageMultiple: 2,
  },
  wire_o: { style: 'wire_o', name: 'Wire O', cover: 'calendar', pages: null, pageMultiple: 2 },
};

export interface PageRangeOverride extends PageRange {
  readonly style: BindingStyle;
  readonly trimCodes: readonly TrimCode[];
}

/** Where a trim narrows a binding's range. */
export const PAGE_RANGE_OVERRIDES: readonly PageRangeOverride[] = [
  { style: 'perfect_bound', trimCodes: ['us-letter-landscape', 'a4-landscape'], min: 32, max: 250 },
];

/**
 * Page counts any book may have: what the design flow accepts from a PDF ('Page count must be between 2 and
 * 800.'), and what the public calculators clamp to (docs/decisions/0002: real binding ranges govern, not the spec's 1–200).
 */
export const PAGE_COUNT_LIMITS: PageRange = { min: 2, max: 800 };
export const PAGE_COUNT_MESSAGE = 'Page count must be between 2 and 800.';

export function isBindingStyle(value: string): value is BindingStyle {
  return Object.hasOwn(BINDING_STYLE_DEFINITIONS, value);
}

/** The page range of a binding style on a trim (null trim: a category without trim sizes). */
export function pageRangeFor(style: BindingStyle, trimCode: string | null): PageRange | null {
  const base = BINDING_STYLE_DEFINITIONS[style].pages;
  if (base === null || trimCode === null) return base;
  const override = PAGE_RANGE_OVERRIDES.find(
    (o) => o.style === style && (o.trimCodes as readonly string[]).includes(trimCode),
  );
  return override ? { min: override.min, max: override.max } : base;
}

/** The page count actually printed (and charged): rounded up to the style's multiple with blank pages. */
export function printedPageCount(pageCount: number, style: BindingStyle | null = null): number {
  const multiple = style === null ? 2 : BINDING_STYLE_DEFINITIONS[style].pageMultiple;
  return Math.ceil(pageCount / multiple) * multiple;
}

/** Can a book of `pageCount` pages on this trim have this binding? */
export function isBindingAvailable(style: BindingStyle, trimCode: string | null, pageCount: number): boolean {
  const range = pageRangeFor(style, trimCode);
  if (range === null) return true;
  const printed = printedPageCount(pageCount, style);
  return printed >= range.min && printed <= range.max;
}

/** The binding styles available for a trim and page count, in the catalog order of BINDING_STYLES. */
export function availableBindings(trimCode: string | null, pageCount: number): BindingStyle[] {
  return BINDING_STYLES.filter((style) => isBindingAvailable(style, trimCode, pageCount));
}

/** Is this a page count any book can have? Returns the spec's message if not. */
export function pageCountProblem(pageCount: number): string | null {
  const ok =
    Number.isInteger(pageCount) && pageCount >= PAGE_COUNT_LIMITS.min && pageCount <= PAGE_COUNT_LIMITS.max;
  return ok ? null : PAGE_COUNT_MESSAGE;
}

/**
 * What the public calculators do with a typed page count: whole pages, clamped into the allowed range
 * (values above the maximum become the maximum, below the minimum the minimum; not-a-number becomes the minimum).
 */
export function clampPageCount(value: number, limits: PageRange = PAGE_COUNT_LIMITS): number {
  if (!Number.isFinite(value)) return limits.min;
  return Math.min(limits.max, Math.max(limits.min, Math.round(value)));
}

/**
 * Why a binding cannot take this page count on this trim, or null if it can. `bindingName` is the catalog item's
 * name (what the customer chose); `trimName` is shown when a trim narrows the range.
 */
export function bindingProblem(args: {
  readonly style: BindingStyle;
  readonly bindingName: string;
  readonly trimCode: string | null;
  readonly trimName?: string | null;
  readonly pageCount: number;
}): string | null {
  const { style, bindingName, trimCode, trimName, pageCount } = args;
  if (isBindingAvailable(style, trimCode, pageCount)) return null;
  const range = pageRangeFor(style, trimCode);
  if (range === null) return null;
  const where = trimName ? ` on ${trimName}` : '';
  return `${bindingName} is available for ${range.min} to ${range.max} pages${where}, not ${pageCount}.`;
}
