/**
 * Physical facts of a printed book that shipping needs: spine width and weight. These are measurements, not
 * money, so plain numbers are right here. Figures are the industry's (Lulu, KDP); papers the reference does not
 * give are estimated from their caliper, and say so.
 * @see ../../shared/reference/print-industry.md "Spine and cover geometry", "Weight"
 */
import { BINDING_STYLE_DEFINITIONS, printedPageCount, type BindingStyle } from './bindings.js';
import { trimAreaM2, type TrimSizeDefinition } from './trim-sizes.js';

export interface PaperStock {
  /** The spec's paper type name. */
  readonly name: string;
  /** Grams per square metre of one sheet (one leaf = two pages). */
  readonly gsm: number;
  /** Pages per inch of stacked paper (PPI). */
  readonly pagesPerInch: number;
}

/**
 * The five paper types of the catalogs. 60# ≈ 89 gsm and 444 PPI are Lulu's; cream is KDP's 0.0025 in per page
 * (400 PPI); 80# coated is KDP's premium colour caliper 0.002347 in (426 PPI); 70# and 100# are estimated from
 * typical offset/coated calipers (0.0052 and 0.0056 in per leaf).
 */
export const PAPER_STOCKS: readonly PaperStock[] = [
  { name: '60# Cream-Uncoated', gsm: 89, pagesPerInch: 400 },
  { name: '60# White-Uncoated', gsm: 89, pagesPerInch: 444 },
  { name: '70# White-Uncoated', gsm: 104, pagesPerInch: 385 },
  { name: '80# White-Coated', gsm: 118, pagesPerInch: 426 },
  { name: '100# White-Coated', gsm: 148, pagesPerInch: 357 },
];

/** Paper a weight or spine is computed with when a catalog item has a name this table does not know. */
export const DEFAULT_PAPER_STOCK: PaperStock = PAPER_STOCKS[1] as PaperStock;

export function paperStockByName(name: string): PaperStock | undefined {
  return PAPER_STOCKS.find((p) => p.name === name);
}

/** Lulu's paperback spine allowance for the cover wrap, in inches. */
const PAPERBACK_SPINE_ALLOWANCE_IN = 0.06;

/**
 * Hardcover (case wrap, linen wrap) spine widths step by page range: [max pages, inches]. The first two steps are
 * the reference's (24–84 → 6 mm, 85–140 → 13 mm); the rest follow Lulu's casewrap table in 1/16 in steps.
 */
const HARDCOVER_SPINE_STEPS: readonly (readonly [number, number])[] = [
  [84, 0.25],
  [140, 0.5],
  [168, 0.625],
  [194, 0.688],
  [222, 0.75],
  [250, 0.813],
  [278, 0.875],
  [306, 0.938],
  [334, 1],
  [360, 1.063],
  [388, 1.125],
  [416, 1.188],
  [444, 1.25],
  [472, 1.313],
  [500, 1.375],
  [528, 1.438],
  [556, 1.5],
  [582, 1.563],
  [610, 1.625],
  [638, 1.688],
  [666, 1.75],
  [694, 1.813],
  [722, 1.875],
  [750, 1.938],
  [778, 2],
  [800, 2.063],
];

/**
 * Spine width in inches. Perfect bound: pages / PPI + 0.06 (Lulu). Hardcover: the step table. Saddle stitch,
 * coil and wire-o books have no printable spine: 0.
 */
export function spineWidthInches(
  style: BindingStyle,
  pageCount: number,
  paper: PaperStock = DEFAULT_PAPER_STOCK,
): number {
  const pages = printedPageCount(pageCount, style);
  switch (style) {
    case 'perfect_bound':
      return pages / paper.pagesPerInch + PAPERBACK_SPINE_ALLOWANCE_IN;
    case 'case_wrap':
    case 'linen_wrap': {
      const step =
        HARDCOVER_SPINE_STEPS.find(([max]) => pages <= max) ??
        HARDCOVER_SPINE_STEPS[HARDCOVER_SPINE_STEPS.length - 1];
      return step ? step[1] : 0;
    }
    default:
      return 0;
  }
}

/** Cover board and wrap weights, g/m² of trim area (two boards or two cover panels per book). */
const SOFT_COVER_GSM = 270;
const HARD_COVER_GSM = 1250 + 150; // 2 mm greyboard + the printed wrap
const WIRE_GRAMS = 15;

/**
 * Book weight in whole grams (rounded up): (pages / 2) × trim area × paper gsm + two cover panels (+ the coil or
 * wire). 6 x 9 in, 300 pages, 60# → ≈ 465 g of paper + ≈ 20 g soft cover, as in the reference.
 */
export function bookWeightGrams(args: {
  readonly style: BindingStyle;
  readonly pageCount: number;
  readonly trim: Pick<TrimSizeDefinition, 'widthMm' | 'heightMm'>;
  readonly paper?: PaperStock;
}): number {
  const { style, trim } = args;
  const paper = args.paper ?? DEFAULT_PAPER_STOCK;
  const area = trimAreaM2(trim);
  const pages = printedPageCount(args.pageCount, style);
  const interior = (pages / 2) * area * paper.gsm;
  const cover = BINDING_STYLE_DEFINITIONS[style].cover;
  const coverGrams = 2 * area * (cover === 'hardcover' ? HARD_COVER_GSM : SOFT_COVER_GSM);
  const extras = style === 'coil_bound' || style === 'wire_o' ? WIRE_GRAMS : 0;
  return Math.ceil(interior + coverGrams + extras);
}
