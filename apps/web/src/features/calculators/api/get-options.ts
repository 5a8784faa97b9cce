/** GET api/{slug}/dropdowns/ (thesis: api/pricing/options/): every option list of a category. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogOptionsResponse } from '@bindery/contracts/store/catalog';
import type { ProductDefinition } from '@bindery/pricing/products';
import { api } from '../../../lib/api-client';
import { listsByKind, optionsKeys } from './option-lists';

export const getOptions = async (product: ProductDefinition, signal?: AbortSignal) =>
  listsByKind(
    product,
    await api.get(`/api/${product.slug}/${product.optionsPath}/`, { schema: catalogOptionsResponse(optionsKeys(product)), signal }),
  );

export const getOptionsQueryOptions = (product: ProductDefinition) =>
  queryOptions({ queryKey: ['catalog', product.slug, 'options'], queryFn: ({ signal }) => getOptions(product, signal) });

export const useOptions = (product: ProductDefinition) => useQuery(getOptionsQueryOptions(product));
