/**
 * Pieces shared by every contract: ids, decimal strings, the one error body.
 * @see fastify/demo src/schemas/tasks.ts for the Create/Update/Query-per-resource pattern.
 */
import { z } from 'zod';

/**
 * A database id in a JSON body: a whole number. "12" and [12] are refused: JSON has numbers, and a
 * body that says otherwise was not written by our clients. Paths and query strings are text: {@link IdParam}.
 */
export const Id = z
  .number({ error: 'Must be a number' })
  .int({ error: 'Must be a whole number' })
  .positive({ error: 'Must be a positive id' })
  .max(2_147_483_647, { error: 'Is too large' });
export type Id = z.infer<typeof Id>;

/**
 * A database id in a path, a query string or the browser's address: digits only ("12"), read as a number. " 12",
 * "1e1", "0x0c", "12abc" and "" are refused, where a coercion would have taken some of them.
 */
export const IdParam = z
  .string({ error: 'Must be a number' })
  .regex(/^[0-9]{1,10}$/, { error: 'Must be a whole number' })
  .transform((digits) => Number(digits))
  .refine((id) => id > 0, { error: 'Must be a positive id' })
  .refine((id) => id <= 2_147_483_647, { error: 'Is too large' });

export const IdParams = z.object({ id: IdParam }).strict();

/**
 * Money and per-page prices travel as decimal strings ("20.04", "0.0325"), never as binary floats, so the
 * browser shows exactly what the server computed.
 */
export const DecimalString = z.string().regex(/^-?\d+(\.\d+)?$/, { error: 'Must be a decimal number' });
export type DecimalString = z.infer<typeof DecimalString>;

/**
 * An order's money lines, as both the customer's order (store/checkout.ts Order) and the staff's
 * (admin/orders.ts AdminOrderDetail) carry them: total = subtotal − discount + shipping + tax. `discount` is the
 * order's own (first-print) discount, 0.00 when none; line discounts are in the items. `tax_rate` is display
 * text ("8.25%"), `tax_reason` the sentence that says why tax is (not) charged. One schema, so the shared
 * amounts block (@bindery/ui/order-amounts) is typed from it.
 */
export const OrderAmounts = z.object({
  subtotal: DecimalString,
  discount: DecimalString,
  shipping: DecimalString,
  tax: DecimalString,
  tax_rate: z.string(),
  tax_reason: z.string(),
  total: DecimalString,
});
export type OrderAmounts = z.infer<typeof OrderAmounts>;

/** One field problem in a validation error. `path` is dotted ("body.quantity"). */
export const FieldError = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldError>;

/**
 * The one error body of the API. `error` is the human message the SPAs show (the spec reads an `error` field);
 * `code` is machine-readable; `fields` names each invalid field on a 400.
 */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  statusCode: z.number().int(),
  fields: z.array(FieldError).optional(),
  /**
   * POST api/shipping-rate/ with no DHL or FedEx service for the destination: the other couriers that would go
   * there (the shop builds its 'Available couriers: …' text from it; empty when none does).
   */
  available_couriers: z.array(z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The error answers a route declares, by status: `errorBodies(401, 403)` → `{ 401: ErrorBody, 403: ErrorBody }`. */
export const errorBodies = <const S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<S, typeof ErrorBody>;

/** `{ data: [...] }` list wrapper the spec uses for user and order lists. */
export const dataList = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/**
 * Keyset paging, shared by every list (docs/decisions/0019-keyset-lists.md). `cursor` is opaque to clients: the
 * previous page's `next_cursor`, handed back unchanged. Query strings are text, hence the coercion of `limit`.
 */
export const PageQuery = z.object({
  limit: z.coerce
    .number({ error: 'Must be a number' })
    .int({ error: 'Must be a whole number' })
    .min(1, { error: 'Must be at least 1' })
    .max(200, { error: 'Must be at most 200' })
    .default(50),
  cursor: z.string().min(1).max(512).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Optional text (a list's search, a note): trimmed, at most `max` characters; blank (or only spaces) is absent. */
export const OptionalText = (max = 200) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max).optional(),
  );

/**
 * Ids in a query string, comma-separated digits ("3,17,42"): at most `max` of them, each an {@link IdParam}.
 * Duplicates are dropped.
 */
export const IdListParam = (max = 200) =>
  z
    .string({ error: 'Must be ids separated by commas' })
    .max(max * 11, { error: `At most ${max} ids` })
    .regex(/^[0-9]{1,10}(,[0-9]{1,10})*$/, { error: 'Must be ids separated by commas' })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id > 0 && id <= 2_147_483_647), { error: 'Must be positive ids' })
    .refine((ids) => ids.length <= max, { error: `At most ${max} ids` });

/**
 * One page of a list: the spec's `data` array, `next_cursor` (null on the last page) and, where a screen shows
 * "n of m", the number of rows matching the filters (counted by the server, not by the page).
 */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    next_cursor: z.string().nullable(),
    total: z.number().int().nonnegative().optional(),
  });
