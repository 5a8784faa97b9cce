/**
 * The public catalog of every category (api/{slug}/…, slugs calculator, photobook, magazine, yearbook, calender,
 * comicbook, pricing): dropdowns/options, bindings, available options, the comic's all-bindings list, and quotes.
 *
 * The seven categories differ only in data (`@bindery/pricing/products`): which kinds they have, under which
 * response keys and body fields. So the schemas that depend on a category are built by functions taking that
 * data (`catalogOptionsResponse`, `calculateBody`); the API and the SPAs call them with the same product
 * definition. Prices are decimal strings ("1.91", "0.0325"), never floats. The routes too: `catalogRoutes(product)`
 * gives a category's route objects (docs/decisions/0043), which the API registers and the SPAs call.
 */
import { z } from 'zod';
import { DecimalString, ErrorBody, Id, IdParam } from '../common.js';
import { defineRoute, operationIdOf } from '../route.js';

/** A whole number that may arrive as text ("120"), as some calculator forms send it. */
export const WholeNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: 'Must be a number' }).int({ error: 'Must be a whole number' }),
);

/**
 * One priced item of a category: a binding type, an interior colour, a paper type… It carries exactly one of
 * `price` (per book) or `price_per_page`, as its kind is priced in the category (the price editors read them).
 */
export const CatalogItem = z.object({
  id: z.number().int().positive(),
  /** Stable key (e.g. "premium-color"), for images and tests; names may be edited, codes do not change. */
  code: z.string(),
  name: z.string(),
  price: DecimalString.optional(),
  price_per_page: DecimalString.optional(),
});
export type CatalogItem = z.infer<typeof CatalogItem>;

/** A trim size with its real dimensions (and a per-book surcharge, 0.00 unless an admin sets one). */
export const TrimSizeItem = CatalogItem.extend({
  dimensions: z.string(),
  width_mm: z.number(),
  height_mm: z.number(),
});
export type TrimSizeItem = z.infer<typeof TrimSizeItem>;

/**
 * A binding type. `min_pages`/`max_pages` are its page range (on its trim size where it belongs to one; null max
 * would mean unlimited, null both: no page count, as for calendars).
 */
export const BindingItem = CatalogItem.extend({
  binding_style: z.string(),
  trim_size_id: z.number().int().positive().nullable(),
  trim_size_name: z.string().nullable(),
  min_pages: z.number().int().nullable(),
  max_pages: z.number().int().nullable(),
});
export type BindingItem = z.infer<typeof BindingItem>;

/** Availability marks of available-options: unavailable items stay listed so the UI can grey them out. */
const availability = { available: z.boolean(), unavailable_reason: z.string().optional() };
export const AvailableCatalogItem = CatalogItem.extend(availability);
export type AvailableCatalogItem = z.infer<typeof AvailableCatalogItem>;
export const AvailableBindingItem = BindingItem.extend(availability);
export type AvailableBindingItem = z.infer<typeof AvailableBindingItem>;

/**
 * One response key of a category and the kind of item it lists (from the product definition). `Kind` is the
 * definition's own kind type (pricing's OptionKind), so a caller indexing by it keeps its type.
 */
export interface OptionsKey<Kind extends string = string> {
  readonly key: string;
  readonly kind: Kind;
}

const itemSchema = (kind: string, withAvailability: boolean) => {
  if (kind === 'trim_size') return TrimSizeItem;
  if (kind === 'binding') return withAvailability ? AvailableBindingItem : BindingItem;
  return withAvailability ? AvailableCatalogItem : CatalogItem;
};

/**
 * The dropdowns/options response of a category: exactly its keys (`trim_sizes`, `bindings`, `binding_types`,
 * `interior_colors`…), each an array of items. With `withAvailability` (available-options) every item says
 * whether it can be chosen.
 */
export function catalogOptionsResponse(
  keys: readonly OptionsKey[],
  options: { withAvailability?: boolean } = {},
) {
  const shape: Record<string, z.ZodArray<z.ZodType>> = {};
  for (const { key, kind } of keys) shape[key] = z.array(itemSchema(kind, options.withAvailability ?? false));
  return z.object(shape);
}
/** The generic type of any category's dropdowns/options response. */
export type CatalogOptionsResponse = Record<string, CatalogItem[]>;

/** GET api/{slug}/bindings/ and GET api/calculator/available-options/: both required. */
export const BindingsQuery = z.object({ trim_size_id: IdParam, page_count: WholeNumber });
export type BindingsQuery = z.infer<typeof BindingsQuery>;

/** GET api/{slug}/bindings/: the bindings a book of this trim and page count can have. */
export const BindingsResponse = z.array(BindingItem);
export type BindingsResponse = z.infer<typeof BindingsResponse>;

/** GET api/comicbook/comic/all-bindings/: every binding row of the category, with its page range. */
export const AllBindingsResponse = z.array(BindingItem);
export type AllBindingsResponse = z.infer<typeof AllBindingsResponse>;

/** One body field of a calculate request carrying a chosen item's id. */
export interface CalculateField {
  readonly bodyField: string;
  readonly required: boolean;
}

/**
 * POST api/{slug}/calculate/ body: the chosen ids, page_count (required where the category has pages; ignored by
 * calendars, whose design flow sends 1) and quantity. Strict: a client-sent price or any other unknown field is
 * refused, because the server computes every price from its own list. Ranges (page count, quantity) are checked
 * by the pricing rules, which name the binding's own range.
 */
export function calculateBody(fields: readonly CalculateField[], hasPageCount: boolean) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) shape[f.bodyField] = f.required ? Id : Id.nullable().optional();
  shape['page_count'] = hasPageCount ? WholeNumber : WholeNumber.optional();
  shape['quantity'] = WholeNumber;
  return z.object(shape).strict();
}
/** The generic type of any category's calculate body. */
export type CalculateBody = { [field: string]: number | null | undefined };

/** One row of the bulk-discount table for this configuration. */
export const QuoteTier = z.object({
  min_quantity: z.number().int(),
  /** null: "and more". */
  max_quantity: z.number().int().nullable(),
  discount_percent: z.number().int(),
  cost_per_book: DecimalString,
});
export type QuoteTier = z.infer<typeof QuoteTier>;

/**
 * POST api/{slug}/calculate/ answer. `cost_per_book`, `total_cost` and, when a bulk discount applies,
 * `original_total_cost`, `discount_percent` and `discount_amount` (= percent × original total), as the spec's
 * design flow shows them; `total_cost` is what is charged. `page_count` is the printed page count (blank pages
 * added to an even count, saddle stitch to a multiple of 4); absent for calendars.
 */
export const CalculateResponse = z.object({
  cost_per_book: DecimalString,
  total_cost: DecimalString,
  original_total_cost: DecimalString.optional(),
  discount_percent: z.number().int().optional(),
  discount_amount: DecimalString.optional(),
  unit_price: DecimalString,
  quantity: z.number().int(),
  page_count: z.number().int().optional(),
  currency: z.literal('USD'),
  tiers: z.array(QuoteTier),
});
export type CalculateResponse = z.infer<typeof CalculateResponse>;

/**
 * What the catalog's routes and schemas need of a category's kind and of the category itself. packages/pricing's
 * KindDefinition and ProductDefinition fit (this package does not depend on pricing: the pricing rules are not
 * part of the API's contract, only the shape of a category is).
 */
export interface CatalogKind extends CalculateField {
  readonly kind: string;
  /** The response keys listing this kind's items (the print book lists bindings twice). */
  readonly dropdownKeys: readonly string[];
}
export interface CatalogProduct {
  readonly slug: string;
  readonly name: string;
  readonly kinds: readonly CatalogKind[];
  readonly hasPageCount: boolean;
  /** GET api/{slug}/{optionsPath}/: "dropdowns", or "options" (thesis). */
  readonly optionsPath: string;
  readonly bindingsRoute: boolean;
  readonly availableOptionsRoute: boolean;
  /** GET api/{slug}/{allBindingsPath}/ (comic book: "comic/all-bindings"), or null. */
  readonly allBindingsPath: string | null;
}

/** Every key of the dropdowns/options response with the kind it lists (the print book lists bindings twice). */
export const catalogOptionsKeys = <Kind extends string>(product: {
  readonly kinds: readonly (CatalogKind & { readonly kind: Kind })[];
}): OptionsKey<Kind>[] => product.kinds.flatMap((k) => k.dropdownKeys.map((key) => ({ key, kind: k.kind })));

/** The keys of available-options: every kind but the trim size (the query names it), under its first dropdown key. */
export const availableOptionsKeys = <Kind extends string>(product: {
  readonly kinds: readonly (CatalogKind & { readonly kind: Kind })[];
}): OptionsKey<Kind>[] =>
  product.kinds
    .filter((k) => k.kind !== 'trim_size')
    .map((k) => ({ key: k.dropdownKeys[0] ?? k.kind, kind: k.kind }));

/**
 * The public catalog routes of one category, at api/{slug}/… (apps/api/src/routes/store/catalog registers them
 * once per category). A route the category does not have is null: `bindings` where it has no trims and pages,
 * `availableOptions` but for the print book, `allBindings` but for the comic book. Each route keeps the
 * operationId the OpenAPI document has always given it (operationIdOf its method and path). No login needed: the
 * spec's calculators are public.
 */
export function catalogRoutes(product: CatalogProduct) {
  const path = (tail: string) => `/api/${product.slug}/${tail}/`;
  const tags = [`catalog: ${product.name}`];
  return {
    /** GET api/{slug}/dropdowns/ (thesis: options/): every option list of the category, with its prices. */
    options: defineRoute({
      method: 'GET',
      path: path(product.optionsPath),
      operationId: operationIdOf('GET', path(product.optionsPath)),
      summary: `${product.name}: every option with its price (calculators and price editors)`,
      tags,
      access: 'public',
      apiKeyScope: 'catalog:read',
      responses: { 200: catalogOptionsResponse(catalogOptionsKeys(product)) },
    }),
    /** GET api/{slug}/bindings/?trim_size_id=&page_count=: the bindings that fit. */
    bindings: product.bindingsRoute
      ? defineRoute({
          method: 'GET',
          path: path('bindings'),
          operationId: operationIdOf('GET', path('bindings')),
          summary: `${product.name}: the bindings a book of this trim size and page count can have`,
          tags,
          access: 'public',
          apiKeyScope: 'catalog:read',
          query: BindingsQuery,
          responses: { 200: BindingsResponse, 400: ErrorBody },
        })
      : null,
    /** GET api/calculator/available-options/?trim_size_id=&page_count=: every option, each marked available or not. */
    availableOptions: product.availableOptionsRoute
      ? defineRoute({
          method: 'GET',
          path: path('available-options'),
          operationId: operationIdOf('GET', path('available-options')),
          summary: `${product.name}: options for this trim size and page count, unavailable ones marked`,
          tags,
          access: 'public',
          apiKeyScope: 'catalog:read',
          query: BindingsQuery,
          responses: {
            200: catalogOptionsResponse(availableOptionsKeys(product), { withAvailability: true }),
            400: ErrorBody,
          },
        })
      : null,
    /** GET api/comicbook/comic/all-bindings/: every binding with its page range (the comic price editor). */
    allBindings:
      product.allBindingsPath === null
        ? null
        : defineRoute({
            method: 'GET',
            path: path(product.allBindingsPath),
            operationId: operationIdOf('GET', path(product.allBindingsPath)),
            summary: `${product.name}: every binding type with its page range (price editor)`,
            tags,
            access: 'public',
            apiKeyScope: 'catalog:read',
            responses: { 200: AllBindingsResponse },
          }),
    /** POST api/{slug}/calculate/: the quote, computed from the server's own price list. */
    calculate: defineRoute({
      method: 'POST',
      path: path('calculate'),
      operationId: operationIdOf('POST', path('calculate')),
      summary: `${product.name}: price a configuration (bulk discounts included)`,
      tags,
      access: 'public',
      apiKeyScope: 'catalog:read',
      body: calculateBody(product.kinds, product.hasPageCount),
      responses: { 200: CalculateResponse, 400: ErrorBody },
    }),
  };
}
export type CatalogRoutes = ReturnType<typeof catalogRoutes>;
