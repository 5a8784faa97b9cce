/**
 * The price audit (docs/decisions/0063), staff only:
 * - GET api/admin/price-changes/?q&editor&category&limit&cursor   every recorded price change, newest first,
 *   keyset-paged; `q` searches the item's name, `editor` keeps one editor's changes, `category` one category's
 * - GET api/admin/prices-at/?category&at                        a category's price list as it stood at `at`
 *   (what an order placed then was charged from), beside today's price
 * Every change an editor makes through the price editors (PUT api/{slug}/{kind}/{id}/update/) is recorded with who,
 * when, which item and the price before and after.
 */
import { z } from 'zod';
import { errorBodies, OptionalText, PageQuery, page } from '../common.js';
import { defineRoute } from '../route.js';

export const PriceChangeField = z.enum(['price', 'price_per_page']);
export type PriceChangeField = z.infer<typeof PriceChangeField>;

const Editor = z.object({ id: z.number().int().positive(), name: z.string(), email: z.string() });

export const PriceChange = z.object({
  id: z.number().int().positive(),
  changed_at: z.string(),
  /** The category's slug (`calculator`, `photobook`, …) and its name for people ("Print Book"). */
  category: z.string(),
  category_name: z.string(),
  /** The option kind (`binding`, `paper_type`, …) and its editor's label ("Binding Types"). */
  kind: z.string(),
  kind_label: z.string(),
  item_id: z.number().int().positive(),
  item_name: z.string(),
  field: PriceChangeField,
  /** Exact decimals as stored ("1.9100"). */
  old_price: z.string(),
  new_price: z.string(),
  /** The editor; null when their account was removed since. */
  changed_by: Editor.nullable(),
});
export type PriceChange = z.infer<typeof PriceChange>;

export const PriceChangeListQuery = PageQuery.extend({
  q: OptionalText(100),
  editor: z.coerce.number().int().positive().optional(),
  category: z.string().max(40).optional(),
}).strict();
export type PriceChangeListQuery = z.input<typeof PriceChangeListQuery>;
/** The query as the server reads it (after defaults and trimming). */
export type PriceChangeListParams = z.infer<typeof PriceChangeListQuery>;

export const PriceChangeListResponse = page(PriceChange);
export type PriceChangeListResponse = z.infer<typeof PriceChangeListResponse>;

export const PricesAtQuery = z
  .object({
    category: z.string().min(1).max(40),
    at: z.iso.datetime({ offset: true, error: 'Must be a date and time (ISO 8601)' }),
  })
  .strict();
export type PricesAtQuery = z.infer<typeof PricesAtQuery>;

export const PriceAt = z.object({
  item_id: z.number().int().positive(),
  kind: z.string(),
  kind_label: z.string(),
  name: z.string(),
  /** The price in force at `at`, and today's; equal unless it changed since. */
  price_then: z.string(),
  price_now: z.string(),
  changed_since: z.boolean(),
});
export type PriceAt = z.infer<typeof PriceAt>;

export const PricesAtResponse = z.object({
  category: z.string(),
  category_name: z.string(),
  at: z.string(),
  items: z.array(PriceAt),
});
export type PricesAtResponse = z.infer<typeof PricesAtResponse>;

const tags = ['admin: price audit'];

/** The price audit (apps/api/src/routes/admin/price-changes; docs/decisions/0063). */
export const adminPriceChangeRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/price-changes/',
    operationId: 'getAdminPriceChanges',
    summary: 'Every recorded price change, newest first: who changed which price from what to what, and when',
    tags,
    access: 'admin',
    query: PriceChangeListQuery,
    responses: { 200: PriceChangeListResponse, ...errorBodies(400, 401, 403) },
  }),
  pricesAt: defineRoute({
    method: 'GET',
    path: '/api/admin/prices-at/',
    operationId: 'getAdminPricesAt',
    summary: "A category's price list as it stood at a moment (the prices an order placed then was charged from)",
    tags,
    access: 'admin',
    query: PricesAtQuery,
    responses: { 200: PricesAtResponse, ...errorBodies(400, 401, 403, 404) },
  }),
};
