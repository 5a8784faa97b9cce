/**
 * Admin price updates: PUT api/{slug}/{kind}/{id}/update/ with {price} or {price_per_page} (the spec's editors
 * send the value as entered text; a JSON number is accepted too). Admin only. The value must be a non-negative
 * decimal with at most 4 places; the server checks it with the pricing package's rule and records every change.
 */
import { z } from 'zod';
import { IdParams } from '../common.js';
import { BindingItem, CatalogItem, TrimSizeItem } from '../store/catalog.js';

/** A price as typed: "2.5", " 0.0325 " or 2.5. Checked on the server (parseListPrice). */
export const AdminPriceValue = z.union([z.string().max(40, { error: 'Is too long' }), z.number()]);
export type AdminPriceValue = z.infer<typeof AdminPriceValue>;

/** Exactly one of the two fields, the one the item's kind uses (the server names the right one otherwise). */
export const AdminPriceUpdateBody = z
  .object({ price: AdminPriceValue.optional(), price_per_page: AdminPriceValue.optional() })
  .strict();
export type AdminPriceUpdateBody = z.infer<typeof AdminPriceUpdateBody>;

export const AdminPriceUpdateParams = IdParams;
export type AdminPriceUpdateParams = z.infer<typeof AdminPriceUpdateParams>;

/** The updated item, as the dropdowns list it. */
export const AdminPriceUpdateResponse = z.union([BindingItem, TrimSizeItem, CatalogItem]);
export type AdminPriceUpdateResponse = z.infer<typeof AdminPriceUpdateResponse>;
