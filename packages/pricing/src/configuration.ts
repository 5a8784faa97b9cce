/**
 * The configuration check: turns a calculate request (ids chosen by the customer, page count, quantity) into the
 * input of quote(), or into a list of clear problems. The server runs it against its own price list; the SPAs can
 * run it against the dropdown data for instant display, so both say the same words and reach the same numbers.
 * Client-sent prices play no part: only ids are read, and every price comes from the catalog lookup.
 */
import { bindingProblem, pageCountProblem, printedPageCount, type BindingStyle } from './bindings.js';
import type { KindDefinition, OptionKind, ProductDefinition } from './products.js';
import { quantityProblem, type QuoteInput, type QuoteLine } from './quote.js';

/** One priced item of a category's catalog, as the server's cache or the dropdown data holds it. */
export interface CatalogEntry {
  readonly id: number;
  readonly kind: OptionKind;
  readonly name: string;
  /** The item's price (per book or per page, as its kind says), in price units. */
  readonly priceUnits: number;
  /** Bindings: the style whose page rules apply. */
  readonly bindingStyle: BindingStyle | null;
  /** Bindings priced per trim size: the trim the row belongs to. */
  readonly trimSizeId: number | null;
  /** Trim sizes: the trim code binding overrides key on. */
  readonly code: string | null;
}

/** Finds an item of a kind by id in the category being quoted. */
export type CatalogLookup = (kind: OptionKind, id: number) => CatalogEntry | undefined;

/** The calculate body after parsing: `*_id` fields, page_count, quantity. */
export type Selection = { readonly [field: string]: number | null | undefined };

export interface ConfigurationProblem {
  /** The body field at fault ("binding_id", "page_count", "quantity"). */
  readonly field: string;
  readonly message: string;
}

export interface CheckedConfiguration {
  readonly ok: true;
  /** The chosen item of each kind that was chosen. */
  readonly choices: ReadonlyMap<OptionKind, CatalogEntry>;
  /** Pages charged and printed (blank pages added up to the binding's multiple); 1 for calendars. */
  readonly printedPageCount: number;
  readonly quoteInput: QuoteInput;
}

export type ConfigurationResult =
  CheckedConfiguration | { readonly ok: false; readonly problems: ConfigurationProblem[] };

const kindWords = (k: OptionKind): string => k.replace('_', ' ');

/** Checks a selection against a category's rules and catalog. */
export function checkConfiguration(
  product: ProductDefinition,
  lookup: CatalogLookup,
  selection: Selection,
): ConfigurationResult {
  const problems: ConfigurationProblem[] = [];
  const choices = new Map<OptionKind, CatalogEntry>();

  const quantity = selection['quantity'] ?? null;
  const quantityMessage = quantity === null ? 'quantity is required.' : quantityProblem(quantity);
  if (quantityMessage !== null) problems.push({ field: 'quantity', message: quantityMessage });

  // Calendars have no page count: whatever page_count arrives (the spec's design flow sends 1) is ignored.
  let pageCount = 1;
  if (product.hasPageCount) {
    const pages = selection['page_count'] ?? null;
    const message = pages === null ? 'page_count is required.' : pageCountProblem(pages);
    if (message !== null) problems.push({ field: 'page_count', message });
    else if (pages !== null) pageCount = pages;
  }

  for (const def of product.kinds) {
    const entry = resolve(product, def, lookup, selection, problems);
    if (entry) choices.set(def.kind, entry);
  }

  const binding = choices.get('binding');
  const trim = choices.get('trim_size');
  if (binding && product.bindingPricesPerTrimSize && trim && binding.trimSizeId !== trim.id) {
    problems.push({
      field: 'binding_id',
      message: `${binding.name} (binding_id ${binding.id}) is not offered for trim size ${trim.name}.`,
    });
  } else if (
    binding?.bindingStyle &&
    product.hasPageCount &&
    !problems.some((p) => p.field === 'page_count')
  ) {
    const message = bindingProblem({
      style: binding.bindingStyle,
      bindingName: binding.name,
      trimCode: trim?.code ?? null,
      trimName: trim?.name ?? null,
      pageCount,
    });
    if (message !== null) problems.push({ field: 'page_count', message });
  }

  if (problems.length > 0) return { ok: false, problems };

  const printed = product.hasPageCount ? printedPageCount(pageCount, binding?.bindingStyle ?? null) : 1;
  const lines: QuoteLine[] = [];
  for (const def of product.kinds) {
    const entry = choices.get(def.kind);
    if (entry) lines.push({ priceUnits: entry.priceUnits, perPage: def.priceField === 'price_per_page' });
  }
  return {
    ok: true,
    choices,
    printedPageCount: printed,
    quoteInput: { lines, pageCount: printed, quantity: quantity ?? 0 },
  };
}

function resolve(
  product: ProductDefinition,
  def: KindDefinition,
  lookup: CatalogLookup,
  selection: Selection,
  problems: ConfigurationProblem[],
): CatalogEntry | undefined {
  const id = selection[def.bodyField];
  if (id === undefined || id === null) {
    if (def.required) problems.push({ field: def.bodyField, message: `${def.bodyField} is required.` });
    return undefined;
  }
  const entry = Number.isInteger(id) ? lookup(def.kind, id) : undefined;
  if (!entry || entry.kind !== def.kind) {
    problems.push({ field: def.bodyField, message: unknownItemMessage(product, def, id) });
    return undefined;
  }
  return entry;
}

/** "binding_id 99 is not a Print Book binding.": an id that is not an item of this kind in this category. */
export function unknownItemMessage(product: ProductDefinition, def: KindDefinition, id: number): string {
  return `${def.bodyField} ${id} is not a ${product.name} ${kindWords(def.kind)}.`;
}
