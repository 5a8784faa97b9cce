/**
 * A price editor's lists: GET api/{slug}/dropdowns/ (thesis: options/) and, where the product has one, the
 * all-bindings list (the comic editor's bindings with their page ranges), parsed with the catalog contract.
 * The routes are the contracts' (catalogRoutes: path and schema from the product definition, as the API
 * registers them; §7 "Admin").
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogRoutes, type BindingItem, type CatalogItem } from '@bindery/contracts/store/catalog';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';
import { api } from '#lib/api-client.ts';

/** An item as an editor row shows it; bindings also name their trim size and page range. */
export type PriceItem = CatalogItem &
  Partial<Pick<BindingItem, 'trim_size_name' | 'min_pages' | 'max_pages'>> & { dimensions?: string };

/** The lists of the editor's sections, by kind. */
export type PriceLists = Partial<Record<OptionKind, PriceItem[]>>;

export async function getPriceLists(product: ProductDefinition, signal?: AbortSignal): Promise<PriceLists> {
  const routes = catalogRoutes(product);
  const [options, allBindings] = await Promise.all([
    api.call(routes.options, {}, { signal }),
    routes.allBindings ? api.call(routes.allBindings, {}, { signal }) : undefined,
  ]);
  const lists: PriceLists = {};
  for (const def of product.kinds) {
    if (!def.editorSection) continue;
    // The print book lists its bindings under two keys (bindings, binding_types): the same rows.
    const fromOptions = options[def.dropdownKeys[0] ?? ''] as PriceItem[] | undefined;
    lists[def.kind] = def.kind === 'binding' && allBindings ? allBindings : (fromOptions ?? []);
  }
  return lists;
}

export const getPriceListsQueryOptions = (product: ProductDefinition) =>
  queryOptions({
    queryKey: ['admin', 'price-lists', product.slug],
    queryFn: ({ signal }) => getPriceLists(product, signal),
    // An editor shows what the server has now, not a list another admin may have changed a minute ago.
    staleTime: 0,
  });

export const usePriceLists = (product: ProductDefinition) => useQuery(getPriceListsQueryOptions(product));
