/**
 * The catalog of every category as the API serves it: dropdowns, bindings for a trim and page count, available
 * options, quotes in cents, and admin price updates. Reads come from the in-memory snapshot (catalog-cache.ts);
 * every price is computed here from the server's own list with @bindery/pricing, never taken from the client.
 *
 * `createCatalog({ db, cache? })` returns plain functions (docs/decisions/0018): no Fastify, refusals are
 * DomainError. Checkout and projects price through `priceInCents` (integer cents, docs/decisions/0039); only
 * `calculate` turns a quote into the contract's decimal strings, for the calculate route.
 */
import type { Kysely } from 'kysely';
import type { FieldError } from '@bindery/contracts/common';
import type { AdminPriceUpdateBody } from '@bindery/contracts/admin/catalog';
import {
  availableOptionsKeys,
  type AvailableBindingItem,
  type AvailableCatalogItem,
  type BindingItem,
  type BindingsQuery,
  type CalculateBody,
  type CalculateResponse,
  type CatalogOptionsResponse,
} from '@bindery/contracts/store/catalog';
import { bindingProblem, isBindingAvailable, pageCountProblem } from '@bindery/pricing/bindings';
import { checkConfiguration, unknownItemMessage, type Selection } from '@bindery/pricing/configuration';
import type { FirstPrintDiscount } from '@bindery/pricing/first-print';
import { formatCents, formatPrice, parseListPrice } from '@bindery/pricing/money';
import { PRODUCTS, type CategorySlug, type KindDefinition } from '@bindery/pricing/products';
import { quote, type Quote } from '@bindery/pricing/quote';
import type { DB } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import {
  CatalogCache,
  type CatalogSnapshot,
  type CategoryCatalog,
  type ContractItem,
  type ItemRecord,
} from './catalog-cache.js';
import {
  bumpCatalogVersion,
  findCatalogItem,
  insertPriceChange,
  lockCatalogItem,
  setCatalogItemPrice,
} from './catalog.repository.js';
import { contractItem, toRecord } from './catalog-cache.js';

/** A selection the catalog rules refuse: the message and each field at fault (body paths). */
export interface CatalogProblem {
  readonly ok: false;
  readonly error: string;
  readonly fields: FieldError[];
}
export type Result<T> = { readonly ok: true; readonly value: T } | CatalogProblem;

/** A configuration priced from the server's list: every amount in integer cents. */
export interface PricedQuote {
  readonly quote: Quote;
  /** Pages charged and printed (blank pages added up to the binding's multiple); undefined without a page count. */
  readonly printedPageCount: number | undefined;
}

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

/** The catalog routes' 400: the problem's message and fields, with the code the shop's forms read. */
const refused = (p: CatalogProblem, code: string) =>
  new DomainError('invalid', p.error, { code, fields: p.fields });
const valueOf = <T>(result: Result<T>, code = 'INVALID_CONFIGURATION'): T => {
  if (!result.ok) throw refused(result, code);
  return result.value;
};

export interface CatalogDeps {
  db: Kysely<DB>;
  /**
   * The shared snapshot (the app's, kept current by catalog-sync.ts). A script or job may leave it out: its own
   * cache then checks the catalog version before every read, so it never prices from a stale list.
   */
  cache?: CatalogCache;
}

export type CatalogModule = ReturnType<typeof createCatalog>;

/**
 * One snapshot of the catalog as plain functions: nothing here awaits or queries, so code holding a transaction
 * prices from a list it read before the transaction began (ADR 0050).
 */
export interface PriceList {
  /** The catalog version the list was read at. */
  readonly version: number;
  category(slug: CategorySlug): CategoryCatalog;
  /**
   * The choices of a digital product, which the customer never makes (the e-book has one flat fee and no print
   * options): the first listed item of each kind, as the server lists them now. A kind with no item leaves its
   * field out, so the price check names it like any missing choice.
   */
  digitalConfiguration(slug: CategorySlug): Record<string, number>;
  /**
   * A configuration priced from the server's list only, in integer cents: the one pricing of the calculator,
   * checkout and projects. A refusal is returned (not thrown) with the catalog's words, which each caller places
   * where its own request names the field.
   */
  priceInCents(slug: CategorySlug, selection: Selection): Result<PricedQuote>;
}

export function priceListOf(snapshot: CatalogSnapshot): PriceList {
  function category(slug: CategorySlug): CategoryCatalog {
    const catalog = snapshot.categories.get(slug);
    if (!catalog) throw new Error(`No catalog for category ${slug}`);
    return catalog;
  }
  return {
    version: snapshot.version,
    category,
    digitalConfiguration(slug) {
      const catalog = category(slug);
      const chosen: Record<string, number> = {};
      for (const def of catalog.product.kinds) {
        const first = catalog.records.find((r) => r.kind === def.kind);
        if (first) chosen[def.bodyField] = first.id;
      }
      return chosen;
    },
    priceInCents(slug, selection) {
      const catalog = category(slug);
      const checked = checkConfiguration(catalog.product, (_kind, id) => catalog.byId.get(id), selection);
      if (!checked.ok) return problem(checked.problems);
      return {
        ok: true,
        value: {
          quote: quote(checked.quoteInput),
          printedPageCount: catalog.product.hasPageCount ? checked.printedPageCount : undefined,
        },
      };
    },
  };
}

export function createCatalog(deps: CatalogDeps) {
  const { db } = deps;
  const cache = deps.cache ?? new CatalogCache(db, { listening: false });

  /**
   * The price list in force, read once: a transaction that prices reads it before it begins and prices from it
   * inside (ADR 0050), so the cache never loads through the app's handle while the transaction holds a connection.
   */
  async function priceList(): Promise<PriceList> {
    return priceListOf(await cache.get());
  }

  async function category(slug: CategorySlug): Promise<CategoryCatalog> {
    return (await priceList()).category(slug);
  }

  /** The first-print discount in force for new orders (versioned with the prices: no query when fresh). */
  async function firstPrint(): Promise<FirstPrintDiscount> {
    return (await cache.get()).firstPrint;
  }

  /** {@link PriceList.digitalConfiguration} on the list in force. */
  async function digitalConfiguration(slug: CategorySlug): Promise<Record<string, number>> {
    return (await priceList()).digitalConfiguration(slug);
  }

  /** GET api/{slug}/dropdowns/ (options/ for thesis). */
  async function options(slug: CategorySlug): Promise<CatalogOptionsResponse> {
    return (await category(slug)).options;
  }

  /** GET api/comicbook/comic/all-bindings/: every binding row with its page range. */
  async function allBindings(slug: CategorySlug): Promise<BindingItem[]> {
    const catalog = await category(slug);
    return catalog.records
      .filter((r) => r.kind === 'binding')
      .map((r) => catalog.items.get(r.id) as BindingItem);
  }

  /** GET api/{slug}/bindings/?trim_size_id=&page_count=: the bindings a book of this trim and length can have. */
  async function bindingsFor(slug: CategorySlug, query: BindingsQuery): Promise<BindingItem[]> {
    const catalog = await category(slug);
    const trim = valueOf(trimAndPages(catalog, query));
    return bindingsOnTrim(catalog, trim)
      .filter(
        (r) => r.bindingStyle === null || isBindingAvailable(r.bindingStyle, trim.code, query.page_count),
      )
      .map((r) => catalog.items.get(r.id) as BindingItem);
  }

  /**
   * GET api/calculator/available-options/?trim_size_id=&page_count=: bindings of the trim, interior colours,
   * papers and finishes, each marked available or not (with the reason) so the UI can grey out the rest.
   */
  async function availableOptions(
    slug: CategorySlug,
    query: BindingsQuery,
  ): Promise<Record<string, (AvailableCatalogItem | AvailableBindingItem)[]>> {
    const catalog = await category(slug);
    const trim = valueOf(trimAndPages(catalog, query));
    const value: Record<string, (AvailableCatalogItem | AvailableBindingItem)[]> = {};
    // The keys the contract's available-options response has (every kind but the trim size).
    for (const { key, kind } of availableOptionsKeys(catalog.product)) {
      const records =
        kind === 'binding' ? bindingsOnTrim(catalog, trim) : catalog.records.filter((r) => r.kind === kind);
      value[key] = records.map((r) => {
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
    return value;
  }

  /** {@link PriceList.priceInCents} on the list in force. */
  async function priceInCents(slug: CategorySlug, selection: Selection): Promise<Result<PricedQuote>> {
    return (await priceList()).priceInCents(slug, selection);
  }

  /** POST api/{slug}/calculate/: the quote as the contract serializes it (decimal strings, the spec's shape). */
  async function calculate(slug: CategorySlug, body: CalculateBody): Promise<CalculateResponse> {
    const { quote: q, printedPageCount } = valueOf(await priceInCents(slug, body));
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
    if (printedPageCount !== undefined) response.page_count = printedPageCount;
    if (q.discount) {
      response.original_total_cost = formatCents(q.discount.originalTotalCents);
      response.discount_percent = q.discount.percent;
      response.discount_amount = formatCents(q.discount.amountCents);
    }
    return response;
  }

  /**
   * PUT api/{slug}/{kind}/{id}/update/ (admin): sets an item's price or price per page. One transaction: lock the
   * row, update it, record the change in the audit table, move the catalog version on (which notifies every API
   * instance on commit). not_found for an id that is not an item of this kind in this category.
   */
  async function updatePrice(args: {
    slug: CategorySlug;
    kind: KindDefinition;
    id: number;
    body: AdminPriceUpdateBody;
    adminId: number;
  }): Promise<ContractItem> {
    const { slug, kind, id, body, adminId } = args;
    const product = PRODUCTS[slug];
    const field = kind.priceField;
    const other = field === 'price' ? 'price_per_page' : 'price';
    const label = kind.label.toLowerCase();
    const invalid = (fields: { field: string; message: string }[]) =>
      refused(problem(fields), 'VALIDATION_ERROR');
    if (body[field] === undefined) {
      const why =
        body[other] !== undefined ? ` (${label} of ${product.name} use ${field}, not ${other})` : '';
      throw invalid([{ field, message: `${field} is required${why}.` }]);
    }
    if (body[other] !== undefined) {
      throw invalid([
        { field: other, message: `Send only ${field}: ${label} of ${product.name} use ${field}.` },
      ]);
    }
    const parsed = parseListPrice(body[field]);
    if (!parsed.ok) throw invalid([{ field, message: `${field}: ${parsed.message}.` }]);
    const newPrice = formatPrice(parsed.value);

    const result = await db.transaction().execute(async (trx) => {
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
      const trim =
        updated.trim_size_id === null ? undefined : await findCatalogItem(trx, updated.trim_size_id);
      return { updated, trim, version };
    });
    if (!result) {
      throw new DomainError(
        'not_found',
        `No ${kind.kind.replace('_', ' ')} with id ${id} in ${product.name}.`,
      );
    }
    // This instance reloads before its next quote; the others on the NOTIFY sent at commit.
    cache.invalidate(result.version);
    const record = toRecord(product, result.updated, result.trim);
    if (!record) throw new Error(`Updated item ${id} is not part of ${slug}`);
    return contractItem(product, record);
  }

  return {
    cache,
    priceList,
    category,
    firstPrint,
    digitalConfiguration,
    options,
    allBindings,
    bindingsFor,
    availableOptions,
    priceInCents,
    calculate,
    updatePrice,
  };
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
