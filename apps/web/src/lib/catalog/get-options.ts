/** GET api/{slug}/dropdowns/ (thesis: api/pricing/options/): every option list of a category. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogRoutes } from '@bindery/contracts/store/catalog';
import type { ProductDefinition } from '@bindery/pricing/products';
import { api } from '../api-client';
import { listsByKind } from './option-lists';

export const getOptions = async (product: ProductDefinition, signal?: AbortSignal) =>
  listsByKind(product, await api.call(catalogRoutes(product).options, {}, { signal }));

/** `product` is undefined for a category the catalog does not price (an e Book project): nothing is loaded. */
export const getOptionsQueryOptions = (product: ProductDefinition | undefined) =>
  queryOptions({
    queryKey: ['catalog', product?.slug ?? null, 'options'],
    queryFn: ({ signal }) => getOptions(product as ProductDefinition, signal),
    enabled: product !== undefined,
  });

export const useOptions = (product: ProductDefinition | undefined) =>
  useQuery(getOptionsQueryOptions(product));
