/**
 * The full cover of a book as one printed spread (back, spine, front) for a trim, binding, paper and page count:
 * what Lulu's cover-dimensions answers, and what the cover template and the cover size calculator draw.
 *
 * Every length is a whole number of micrometres (µm): an inch is exactly 25,400 µm, a millimetre 1,000 µm, so trims,
 * bleed, wrap and margins add up exactly and only the spine (pages / PPI) is rounded, once, to the micrometre.
 * Inches, millimetres and points are derived from the µm at the edge (`coverLengths`), each rounded half-up once:
 * inches to 0.001, millimetres to 0.001 (exact), points to 0.01. Boxes are measured from the top-left corner of
 * the full cover sheet (x to the right, y down), as a designer and an SVG read them.
 * @see ../../shared/reference/print-industry.md "Spine and cover geometry"
 * @see docs/decisions/0055-cover-geometry-and-template.md
 */
import { BINDING_STYLE_DEFINITIONS, printedPageCount, type BindingStyle } from './bindings.js';
import { DEFAULT_PAPER_STOCK, spineWidthInches, type PaperStock } from './physical.js';
import { PRODUCT_LIST, type ProductDefinition } from './products.js';
import type { TrimSizeDefinition } from './trim-sizes.js';

export const UM_PER_INCH = 25_400;
/** 0.125 in of bleed beyond the trim on every outside edge (3.175 mm). */
export const COVER_BLEED_UM = 3_175;
/** Case wrap and linen wrap: 0.75 in more on every outside edge, turned over the boards (19.05 mm). */
export const HARDCOVER_WRAP_UM = 19_050;
/** Text and faces stay 0.25 in inside the trim and the spine folds (6.35 mm). */
export const COVER_SAFE_MARGIN_UM = 6_350;
/** Spine text stays 1/16 in inside each spine fold (1.5875 mm, to the micrometre). */
export const SPINE_SAFE_MARGIN_UM = 1_588;
/** The back cover's barcode box: 2 × 1.2 in, at the safe margin's bottom corner next to the spine. */
export const BARCODE_WIDTH_UM = 50_800;
export const BARCODE_HEIGHT_UM = 30_480;
/** No spine text under 80 printed pages: the spine is too thin to hold it straight. */
export const SPINE_TEXT_MIN_PAGES = 80;

/**
 * Does a category's book have a cover spread to compute? Printed, with trim sizes, a page count, bindings and
 * papers: the print book, photo book, magazine, year book and comic book (not calendars, thesis or the e-book).
 */
export function hasCoverSpread(product: ProductDefinition): boolean {
  return (
    product.hasTrimSizes &&
    product.hasPageCount &&
    !product.digital &&
    (['trim_size', 'binding', 'paper_type'] as const).every((k) => product.kinds.some((d) => d.kind === k))
  );
}

/** The categories whose cover the cover size calculator computes, in the product list's order. */
export const COVER_PRODUCTS: readonly ProductDefinition[] = PRODUCT_LIST.filter(hasCoverSpread);

/** A rectangle on the cover sheet, from its top-left corner. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The cover's lengths and boxes, all in one unit (µm from `coverGeometry`). */
export interface CoverLengths {
  /** The whole printed sheet: 2 × trim width + spine + 2 × (bleed + wrap) wide, trim height + 2 × (bleed + wrap) high. */
  readonly width: number;
  readonly height: number;
  readonly trimWidth: number;
  readonly trimHeight: number;
  /** 0 for coil and saddle stitch. */
  readonly spineWidth: number;
  readonly bleed: number;
  /** 0 but for case wrap and linen wrap. */
  readonly wrap: number;
  readonly safeMargin: number;
  /** The trim of each panel (the spine's edges are the fold lines). */
  readonly back: Box;
  readonly spine: Box;
  readonly front: Box;
  /** Where text and faces are safe from the cut and the folds. The spine's is null when the spine holds no text. */
  readonly backSafe: Box;
  readonly spineSafe: Box | null;
  readonly frontSafe: Box;
  readonly barcode: Box;
}

export interface CoverGeometry extends CoverLengths {
  readonly style: BindingStyle;
  /** The page count the spine is made for: blank pages added up to the binding's multiple. */
  readonly printedPageCount: number;
  readonly paper: PaperStock;
  /** Spine text is allowed from 80 printed pages on a binding that has a spine. */
  readonly spineTextAllowed: boolean;
}

/** The spine width in whole micrometres (the one rounding of the geometry). */
export function spineWidthUm(style: BindingStyle, pageCount: number, paper: PaperStock): number {
  return Math.round(spineWidthInches(style, pageCount, paper) * UM_PER_INCH);
}

/** The wrap beyond the bleed: hardcovers (case wrap, linen wrap) only. */
export function coverWrapUm(style: BindingStyle): number {
  return BINDING_STYLE_DEFINITIONS[style].cover === 'hardcover' ? HARDCOVER_WRAP_UM : 0;
}

const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height });
const inset = (b: Box, margin: number): Box =>
  box(b.x + margin, b.y + margin, Math.max(0, b.width - 2 * margin), Math.max(0, b.height - 2 * margin));

/**
 * The full cover for a trim, binding, page count and paper (60# white when not given). The page count is the
 * book's; the spine is made for the printed count (saddle stitch rounds up to a multiple of 4). Ranges are not
 * checked here: `bindingProblem` of bindings.ts says whether the binding takes the count.
 */
export function coverGeometry(args: {
  readonly style: BindingStyle;
  readonly trim: Pick<TrimSizeDefinition, 'widthUm' | 'heightUm'>;
  readonly pageCount: number;
  readonly paper?: PaperStock;
}): CoverGeometry {
  const { style, trim, pageCount } = args;
  const paper = args.paper ?? DEFAULT_PAPER_STOCK;
  const printed = printedPageCount(pageCount, style);
  const spineWidth = spineWidthUm(style, printed, paper);
  const bleed = COVER_BLEED_UM;
  const wrap = coverWrapUm(style);
  const edge = bleed + wrap;
  const trimWidth = trim.widthUm;
  const trimHeight = trim.heightUm;

  const back = box(edge, edge, trimWidth, trimHeight);
  const spine = box(edge + trimWidth, edge, spineWidth, trimHeight);
  const front = box(edge + trimWidth + spineWidth, edge, trimWidth, trimHeight);
  const backSafe = inset(back, COVER_SAFE_MARGIN_UM);
  const frontSafe = inset(front, COVER_SAFE_MARGIN_UM);
  const spineTextAllowed = spineWidth > 2 * SPINE_SAFE_MARGIN_UM && printed >= SPINE_TEXT_MIN_PAGES;
  const spineSafe = spineTextAllowed
    ? box(
        spine.x + SPINE_SAFE_MARGIN_UM,
        spine.y + COVER_SAFE_MARGIN_UM,
        spineWidth - 2 * SPINE_SAFE_MARGIN_UM,
        trimHeight - 2 * COVER_SAFE_MARGIN_UM,
      )
    : null;
  const barcode = box(
    backSafe.x + backSafe.width - BARCODE_WIDTH_UM,
    backSafe.y + backSafe.height - BARCODE_HEIGHT_UM,
    BARCODE_WIDTH_UM,
    BARCODE_HEIGHT_UM,
  );

  return {
    style,
    printedPageCount: printed,
    paper,
    spineTextAllowed,
    width: 2 * trimWidth + spineWidth + 2 * edge,
    height: trimHeight + 2 * edge,
    trimWidth,
    trimHeight,
    spineWidth,
    bleed,
    wrap,
    safeMargin: COVER_SAFE_MARGIN_UM,
    back,
    spine,
    front,
    backSafe,
    spineSafe,
    frontSafe,
    barcode,
  };
}

export const LENGTH_UNITS = ['in', 'mm', 'pt'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

/** a / b rounded half-up, for non-negative whole a and positive whole b (exact: no float in between). */
const roundDiv = (a: number, b: number): number => Math.floor((2 * a + b) / (2 * b));

/**
 * A length in µm as inches (to 0.001), millimetres (to 0.001, exact) or points (1/72 in, to 0.01), rounded
 * half-up from the exact value: 0.001 in = 25.4 µm → µm × 5 / 127 thousandths; 0.01 pt = 3.527… µm → µm × 36 / 127.
 */
export function lengthIn(um: number, unit: LengthUnit): number {
  if (!Number.isSafeInteger(um) || um < 0)
    throw new RangeError(`A length is a whole number of µm ≥ 0, not ${um}`);
  switch (unit) {
    case 'in':
      return roundDiv(um * 5, 127) / 1000;
    case 'mm':
      return um / 1000;
    case 'pt':
      return roundDiv(um * 36, 127) / 100;
  }
}

const boxIn = (b: Box, unit: LengthUnit): Box => ({
  x: lengthIn(b.x, unit),
  y: lengthIn(b.y, unit),
  width: lengthIn(b.width, unit),
  height: lengthIn(b.height, unit),
});

/** Every length of a cover in one unit, each rounded once from its exact µm. */
export function coverLengths(geometry: CoverLengths, unit: LengthUnit): CoverLengths {
  const at = (um: number) => lengthIn(um, unit);
  return {
    width: at(geometry.width),
    height: at(geometry.height),
    trimWidth: at(geometry.trimWidth),
    trimHeight: at(geometry.trimHeight),
    spineWidth: at(geometry.spineWidth),
    bleed: at(geometry.bleed),
    wrap: at(geometry.wrap),
    safeMargin: at(geometry.safeMargin),
    back: boxIn(geometry.back, unit),
    spine: boxIn(geometry.spine, unit),
    front: boxIn(geometry.front, unit),
    backSafe: boxIn(geometry.backSafe, unit),
    spineSafe: geometry.spineSafe && boxIn(geometry.spineSafe, unit),
    frontSafe: boxIn(geometry.frontSafe, unit),
    barcode: boxIn(geometry.barcode, unit),
  };
}
