/**
 * Admin price updates: PUT api/{slug}/{kind}/{id}/update/ with {price} or {price_per_page} (the spec's editors
 * send the value as entered text; a JSON number is accepted too). Admin only. The value must be a non-negative
 * decimal with at most 4 places; the server checks it with the pricing package's rule and records every change.
 *
 * One route per category and kind its editor may change (38 today): `adminPriceUpdateRoute(product, kind)` builds
 * it from the category and kind definitions of packages/pricing (products.ts), which both the API and the admin
 * SPA hold, so the path is written here once and each route keeps its own path and operationId in the document.
 */
import { z } from 'zod';
import { errorBodies, IdParams } from '../common.js';
import { defineRoute, operationIdOf } from '../route.js';
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

/** What the route needs of a category (packages/pricing's ProductDefinition fits). */
export interface PriceEditorCategory {
  readonly slug: string;
  readonly name: string;
}

/** What the route needs of a kind (packages/pricing's KindDefinition): no adminSegment, no route (the spec has none). */
export interface PriceEditorKind {
  readonly adminSegment: string | null;
  readonly priceField: string;
  readonly label: string;
}

/**
 * PUT api/{slug}/{segment}/{id}/update/: one price of one kind of one category (apps/api/src/routes/admin/catalog).
 * A kind without an adminSegment has no such route: asking for one is a programming error, and throws.
 */
export function adminPriceUpdateRoute(category: PriceEditorCategory, kind: PriceEditorKind) {
  const segment = kind.adminSegment;
  if (segment === null) throw new Error(`${category.name} has no update path for ${kind.label}`);
  const path = `/api/${category.slug}/${segment}/{id}/update/`;
  return defineRoute({
    method: 'PUT',
    path,
    // The name the OpenAPI document has always given it (`putCalculatorTrimSizeByIdUpdate`).
    operationId: operationIdOf('PUT', path),
    summary: `${category.name}: set the ${kind.priceField} of one of the ${kind.label.toLowerCase()}`,
    tags: [`admin: ${category.name} prices`],
    access: 'admin',
    params: AdminPriceUpdateParams,
    body: AdminPriceUpdateBody,
    responses: { 200: AdminPriceUpdateResponse, ...errorBodies(400, 401, 403, 404) },
  });
}
