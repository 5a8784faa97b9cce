/**
 * The cover of a book as one printed spread, for a trim size, binding, paper type and page count of a category's
 * catalog (the ids its dropdowns list): Lulu's cover-dimensions, and a print-ready template PDF with the guides
 * drawn. Public: the cover size calculator needs no login. The server computes both from its own catalog records
 * with @bindery/pricing/cover (docs/decisions/0055).
 */
import { z } from 'zod';
import { ErrorBody, IdParam } from '../common.js';
import { defineRoute } from '../route.js';
import { WholeNumber } from './catalog.js';

/** The book the cover is for: ids of one category's catalog (the print book's when `category` is absent). */
export const CoverQuery = z.object({
  /** The API slug of the category whose ids these are (calculator, photobook, magazine, yearbook, comicbook). */
  category: z.string().max(40).optional(),
  trim_size_id: IdParam,
  binding_id: IdParam,
  paper_type_id: IdParam,
  page_count: WholeNumber,
});
export type CoverQuery = z.infer<typeof CoverQuery>;

/** The template PNG's resolution: 150 ppi unless asked (36 to 300), at most COVER_TEMPLATE_PNG_MAX_PIXELS in all. */
export const COVER_TEMPLATE_PNG_PPI = { default: 150, min: 36, max: 300 } as const;
export const COVER_TEMPLATE_PNG_MAX_PIXELS = 20_000_000;

/** GET api/cover-template/png/: the book, and the resolution of the image (docs/decisions/0069). */
export const CoverTemplatePngQuery = CoverQuery.extend({
  ppi: WholeNumber.pipe(
    z
      .number()
      .min(COVER_TEMPLATE_PNG_PPI.min, { error: `At least ${COVER_TEMPLATE_PNG_PPI.min} ppi` })
      .max(COVER_TEMPLATE_PNG_PPI.max, { error: `At most ${COVER_TEMPLATE_PNG_PPI.max} ppi` }),
  ).optional(),
});
export type CoverTemplatePngQuery = z.infer<typeof CoverTemplatePngQuery>;

/** A rectangle on the cover sheet, measured from the sheet's top-left corner (x to the right, y down). */
export const CoverBox = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
export type CoverBox = z.infer<typeof CoverBox>;

/** Every length of the cover in one unit (inches to 0.001, millimetres to 0.001, points to 0.01). */
export const CoverLengths = z.object({
  /** The whole sheet: 2 × trim width + spine + 2 × (bleed + wrap). */
  width: z.number(),
  /** Trim height + 2 × (bleed + wrap). */
  height: z.number(),
  trim_width: z.number(),
  trim_height: z.number(),
  /** 0 for coil and saddle stitch. */
  spine_width: z.number(),
  bleed: z.number(),
  /** The hardcover wrap beyond the bleed (0 for paperbacks). */
  wrap: z.number(),
  /** Text and faces stay this far inside the trim and the spine folds. */
  safe_margin: z.number(),
  /** The trim of each panel; the spine's left and right edges are the fold lines. */
  back: CoverBox,
  spine: CoverBox,
  front: CoverBox,
  back_safe: CoverBox,
  /** null where the spine holds no text (under 80 pages, or no spine). */
  spine_safe: CoverBox.nullable(),
  front_safe: CoverBox,
  /** Keep this box of the back cover free: the barcode is printed there. */
  barcode: CoverBox,
});
export type CoverLengths = z.infer<typeof CoverLengths>;

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** A cover's lengths as `coverLengths` of @bindery/pricing/cover computes them: the contract's, named in camelCase. */
export type ComputedCoverLengths = { readonly [K in keyof CoverLengths as Camel<K>]: CoverLengths[K] };

/** Computed lengths in the contract's names: the server's answer, and the web tests' fixtures of it. */
export function toCoverLengths(l: ComputedCoverLengths): CoverLengths {
  return {
    width: l.width,
    height: l.height,
    trim_width: l.trimWidth,
    trim_height: l.trimHeight,
    spine_width: l.spineWidth,
    bleed: l.bleed,
    wrap: l.wrap,
    safe_margin: l.safeMargin,
    back: l.back,
    spine: l.spine,
    front: l.front,
    back_safe: l.backSafe,
    spine_safe: l.spineSafe,
    front_safe: l.frontSafe,
    barcode: l.barcode,
  };
}

/** GET api/cover-dimensions/: the chosen book as the server's catalog has it, and its cover in three units. */
export const CoverDimensionsResponse = z.object({
  category: z.string(),
  trim_size: z.object({
    id: z.number().int(),
    name: z.string(),
    dimensions: z.string(),
    width_mm: z.number(),
    height_mm: z.number(),
  }),
  binding: z.object({ id: z.number().int(), name: z.string(), binding_style: z.string() }),
  paper_type: z.object({ id: z.number().int(), name: z.string(), pages_per_inch: z.number() }),
  page_count: z.number().int(),
  /** What the spine is made for: blank pages added up to the binding's multiple. */
  printed_page_count: z.number().int(),
  spine_text_allowed: z.boolean(),
  spine_text_min_pages: z.number().int(),
  inches: CoverLengths,
  millimetres: CoverLengths,
  points: CoverLengths,
});
export type CoverDimensionsResponse = z.infer<typeof CoverDimensionsResponse>;

const tags = ['cover'];

export const coverRoutes = {
  /** GET api/cover-dimensions/?trim_size_id=&binding_id=&paper_type_id=&page_count=[&category=]. */
  dimensions: defineRoute({
    method: 'GET',
    path: '/api/cover-dimensions/',
    operationId: 'getCoverDimensions',
    summary:
      'The full cover (spine, bleed, wrap, safe areas, barcode box) of a book, in inches, millimetres and points',
    tags,
    access: 'public',
    apiKeyScope: 'catalog:read',
    query: CoverQuery,
    responses: { 200: CoverDimensionsResponse, 400: ErrorBody },
  }),
  /** GET api/cover-template/?…: the same cover as a one-page PDF with the guides drawn (a download). */
  template: defineRoute({
    method: 'GET',
    path: '/api/cover-template/',
    operationId: 'getCoverTemplate',
    summary:
      'A print-ready cover template PDF of a book: page size = full cover, trim, bleed, spine, safe and barcode guides',
    tags,
    access: 'public',
    apiKeyScope: 'catalog:read',
    query: CoverQuery,
    produces: ['application/pdf'],
    // The PDF's bytes, never JSON.
    responses: { 200: null, 400: ErrorBody },
  }),
  /** GET api/cover-template/png/?…[&ppi=]: the same guides as a PNG image at a stated resolution (a download). */
  templatePng: defineRoute({
    method: 'GET',
    path: '/api/cover-template/png/',
    operationId: 'getCoverTemplatePng',
    summary:
      'The cover template as a PNG image (150 ppi unless asked, 36–300, at most 20 megapixels): trim, bleed, spine, safe and barcode guides',
    tags,
    access: 'public',
    apiKeyScope: 'catalog:read',
    query: CoverTemplatePngQuery,
    produces: ['image/png'],
    // The PNG's bytes, never JSON.
    responses: { 200: null, 400: ErrorBody },
  }),
};
