/**
 * The catalog of every category as the API serves it: dropdowns, bindings for a trim and page count, available
 * options, quotes, and admin price updates. Reads come from the in-memory snapshot (catalog-cache.ts); every
 * price is computed here from the server's own list with @bindery/pricing, never taken from the client.
 */
import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@bindery/contracts/common';
import type { AdminPriceUpdateBody } from '@bindery/contracts/admin/catalog';
import type {
  AvailableBindingItem,
  AvailableCatalogItem,
  BindingItem,
  BindingsQuery,
  CalculateBody,
  CalculateResponse,
  CatalogOptionsResponse,
} from '@bindery/contracts/store/catalog';
import { bindingProblem, isBindingAvailable, pageCountProblem } from '@bindery/pricing/bindings';
import { checkConfiguration, unknownItemMessage } from '@bindery/pricing/configuration';
import { formatCents, formatPrice, parseListPrice } from '@bindery/pricing/money';
import { PRODUCTS, type CategorySlug, type KindDefinition } from '@bindery/pricing/products';
import { quote } from '@bindery/pricing/quote';
import type { CategoryCatalog, ContractItem, ItemRecord } from './catalog-cache.js';
import {
  bumpCatalogVersion,
  findCatalogItem,
  insertPriceChange,
  lockCatalogItem,
  setCatalogItemPrice,
} from './catalog.repository.js';
import { contractItem, toRecord } from './catalog-cache.js';

/** A request the catalog rules refuse: a 400 naming each field at fault. */
export interface CatalogProblem {
  readonly ok: false;
  readonly error: string;
  readonly fields: FieldError[];
}
type Result<T> = { readonly ok: true; readonly value: T } | CatalogProblem;

const problem = (fields: { field: string; message: string }[]): CatalogProblem => ({
  ok: false,
  error: fields.map((f) => f.message).join(' '),
  fields: fields.map((f) => ({ path: `body.${f.field}`, message: f.message })),
});
const queryProblem = (field: string, message: string): CatalogProblem => ({
  ok: false,
  error: message,
  fields: [{ path: `querystring.${field}`, message }],
});

async function category(app: FastifyInstance, slug: CategorySlug): Promise<CategoryCatalog> {
  const snapshot = await app.catalogCache.get();
  const catalog = snapshot.categories.get(slug);
  if (!catalog) throw new Error(`No catalog for category ${slug}`);
  return catalog;
}

/**
 * The choices of a digital product, which the customer never makes (the e-book has one flat fee and no print
 * options): the first listed item of each kind, as the server lists them now. A kind with no item leaves its
 * field out, so the price check names it like any missing choice.
 */
export async function digitalConfiguration(
  app: FastifyInstance,
  slug: CategorySlug,
): Promise<Record<string, number>> {
  const catalog = await category(app, slug);
  const chosen: Record<string, number> = {};
  for (const def of catalog.product.kinds) {
    const first = catalog.records.find((r) => r.kind === def.kind);
    if (first) chosen[def.bodyField] = first.id;
  }
  return chosen;
}

/** GET api/{slug}/dropdowns/ (options/ for thesis). */
export async function catalogOptions(
  app: FastifyInstance,
  slug: CategorySlug,
): Promise<CatalogOptionsResponse> {
  return (await category(app, slug)).options;
}

/** GET api/comicbook/comic/all-bindings/: every binding row with its page range. */
export async function allBindings(app: FastifyInstance, slug: CategorySlug): Promise<BindingItem[]> {
  const catalog = await category(app, slug);
  return catalog.records
    .filter((r) => r.kind === 'binding')
    .map((r) => catalog.items.get(r.id) as BindingItem);
}

/** The trim and page count of a bindings/available-options query, checked. */
function trimAndPages(catalog: CategoryCatalog, query: BindingsQuery): Result<ItemRecord> {
  const trimDef = catalog.product.kinds.find((k) => k.kind === 'trim_size');
  const trim = catalog.byId.get(query.trim_size_id);
  if (!trimDef || !trim || trim.kind !== 'trim_size') {
    const message = trimDef
      ? unknownItemMessage(catalog.product, trimDef, query.trim_size_id)
      : `${catalog.product.name} has no trim sizes.`;
    return queryProblem('trim_size_id', message);
  }
  const pages = pageCountProblem(query.page_count);
  if (pages !== null) return queryProblem('page_count', pages);
  return { ok: true, value: trim };
}

/** The binding rows offered on a trim (its own rows where prices are per trim, otherwise all). */
function bindingsOnTrim(catalog: CategoryCatalog, trim: ItemRecord): ItemRecord[] {
  const perTrim = catalog.product.bindingPricesPerTrimSize;
  return catalog.records.filter((r) => r.kind === 'binding' && (!perTrim || r.trimSizeId === trim.id));
}

/** GET api/{slug}/bindings/?trim_size_id=&page_count=: the bindings a book of this trim and length can have. */
export async function bindingsFor(
  app: FastifyInstance,
  slug: CategorySlug,
  query: BindingsQuery,
): Promise<Result<BindingItem[]>> {
  const catalog = await category(app, slug);
  const checked = trimAndPages(catalog, query);
  if (!checked.ok) return checked;
  const trim = checked.value;
  const value = bindingsOnTrim(catalog, trim)
    .filter((r) => r.bindingStyle === null || isBindingAvailable(r.bindingStyle, trim.code, query.page_count))
    .map((r) => catalog.items.get(r.id) as BindingItem);
  return { ok: true, value };
}

/**
 * GET api/calculator/available-options/?trim_size_id=&page_count=: bindings of the trim, interior colours,
 * papers and finishes, each marked available or not (with the reason) so the UI can grey out the rest.
 */
export async function availableOptions(
  app: FastifyInstance,
  slug: CategorySlug,
  query: BindingsQuery,
): Promise<Result<Record<string, (AvailableCatalogItem | AvailableBindingItem)[]>>> {
  const catalog = await category(app, slug);
  const checked = trimAndPages(catalog, query);
  if (!checked.ok) return checked;
  const trim = checked.value;
  const value: Record<string, (AvailableCatalogItem | AvailableBindingItem)[]> = {};
  for (const def of availableOptionKinds(catalog.product.slug)) {
    const records =
      def.kind === 'binding'
        ? bindingsOnTrim(catalog, trim)
        : catalog.records.filter((r) => r.kind === def.kind);
    value[def.dropdownKeys[0] ?? def.kind] = records.map((r) => {
      const item = catalog.items.get(r.id) as ContractItem;
      const reason =
        r.bindingStyle === null
          ? null
          : bindingProblem({
              style: r.bindingStyle,
              bindingName: r.name,
              trimCode: trim.code,
              trimName: trim.name,
              pageCount: query.page_count,
            });
      return reason === null
        ? { ...item, available: true }
        : { ...item, available: false, unavailable_reason: reason };
    });
  }
  return { ok: true, value };
}

/** The kinds available-options lists (all but the trim size), under their first dropdown key. */
export function availableOptionKinds(slug: CategorySlug): KindDefinition[] {
  return PRODUCTS[slug].kinds.filter((k) => k.kind !== 'trim_size');
}

/** POST api/{slug}/calculate/: the quote, from the server's price list only. */
export async function calculate(
  app: FastifyInstance,
  slug: CategorySlug,
  body: CalculateBody,
): Promise<Result<CalculateResponse>> {
  const catalog = await category(app, slug);
  const checked = checkConfiguration(catalog.product, (_kind, id) => catalog.byId.get(id), body);
  if (!checked.ok) return problem(checked.problems);
  const q = quote(checked.quoteInput);
  const response: CalculateResponse = {
    cost_per_book: formatCents(q.costPerBookCents),
    total_cost: formatCents(q.totalCents),
    unit_price: formatCents(q.unitPriceCents),
    quantity: q.quantity,
    currency: 'USD',
    tiers: q.tiers.map((t) => ({
      min_quantity: t.minQuantity,
      max_quantity: t.maxQuantity,
      discount_percent: t.percent,
      cost_per_book: formatCents(t.costPerBookCents),
    })),
  };
  if (catalog.product.hasPageCount) response.page_count = checked.printedPageCount;
  if (q.discount) {
    response.original_total_cost = formatCents(q.discount.originalTotalCents);
    response.discount_percent = q.discount.percent;
    response.discount_amount = formatCents(q.discount.amountCents);
  }
  return { ok: true, value: response };
}

/**
 * PUT api/{slug}/{kind}/{id}/update/ (admin): sets an item's price or price per page. One transaction: lock the
 * row, update it, record the change in the audit table, move the catalog version on (which notifies every API
 * instance on commit). 404 for an id that is not an item of this kind in this category.
 */
export async function updatePrice(
  app: FastifyInstance,
  args: { slug: CategorySlug; kind: KindDefinition; id: number; body: AdminPriceUpdateBody; adminId: number },
): Promise<Result<ContractItem>> {
  const { slug, kind, id, body, adminId } = args;
  const product = PRODUCTS[slug];
  const field = kind.priceField;
  const other = field === 'price' ? 'price_per_page' : 'price';
  const label = kind.label.toLowerCase();
  if (body[field] === undefined) {
    const why = body[other] !== undefined ? ` (${label} of ${product.name} use ${field}, not ${other})` : '';
    return problem([{ field, message: `${field} is required${why}.` }]);
  }
  if (body[other] !== undefined) {
    return problem([
      { field: other, message: `Send only ${field}: ${label} of ${product.name} use ${field}.` },
    ]);
  }
  const parsed = parseListPrice(body[field]);
  if (!parsed.ok) return problem([{ field, message: `${field}: ${parsed.message}.` }]);
  const newPrice = formatPrice(parsed.value);

  const result = await app.db.transaction().execute(async (trx) => {
    const row = await lockCatalogItem(trx, { id, category: slug, kind: kind.kind });
    if (!row) return undefined;
    const updated = await setCatalogItemPrice(trx, id, newPrice);
    await insertPriceChange(trx, {
      item_id: id,
      category: slug,
      kind: kind.kind,
      field,
      old_price: row.price,
      new_price: newPrice,
      changed_by: adminId,
    });
    const version = await bumpCatalogVersion(trx);
    // A binding's answer names its trim and page range.
    const trim = updated.trim_size_id === null ? undefined : await findCatalogItem(trx, updated.trim_size_id);
    return { updated, trim, version };
  });
  if (!result)
    throw app.httpErrors.notFound(`No ${kind.kind.replace('_', ' ')} with id ${id} in ${product.name}.`);
  // This instance reloads before its next quote; the others on the NOTIFY sent at commit.
  app.catalogCache.invalidate(result.version);
  const record = toRecord(product, result.updated, result.trim);
  if (!record) throw new Error(`Updated item ${id} is not part of ${slug}`);
  return { ok: true, value: contractItem(product, record) };
}
