/**
 * What a trim size and page count allow: GET api/{slug}/available-options/ (print book: bindings, colors, papers,
 * finishes) or GET api/{slug}/bindings/ (a list of bindings), both with ?trim_size_id=&page_count=.
 * Resolves to the allowed items by kind; kinds the endpoint does not cover stay unrestricted.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ProductDefinition } from '@bindery/pricing/products';
import { messages } from '@bindery/contracts/messages';
import { api } from '../../../lib/api-client';
import { listsByKind, OptionItem, OptionListsResponse, type ListsByKind } from './option-lists';

export interface AvailabilityQuery {
  trimSizeId: number;
  pageCount: number;
}

/** Which endpoint narrows this product's options, or null if none does (calendars, thesis). */
export function availabilityEndpoint(product: ProductDefinition): 'available-options' | 'bindings' | null {
  if (product.availableOptionsRoute) return 'available-options';
  if (product.bindingsRoute) return 'bindings';
  return null;
}

/** The spec's message for a failed reload of this product's availability. */
export const availabilityErrorMessage = (product: ProductDefinition) =>
  availabilityEndpoint(product) === 'available-options'
    ? messages.calculators.loadOptionsFailed
    : messages.calculators.loadBindingsFailed;

export async function getAvailability(product: ProductDefinition, q: AvailabilityQuery, signal?: AbortSignal): Promise<ListsByKind> {
  const endpoint = availabilityEndpoint(product);
  const query = { trim_size_id: q.trimSizeId, page_count: q.pageCount };
  if (endpoint === 'available-options') {
    const data = await api.get(`/api/${product.slug}/available-options/`, { schema: OptionListsResponse, query, signal });
    return listsByKind(product, data);
  }
  if (endpoint === 'bindings') {
    return { binding: await api.get(`/api/${product.slug}/bindings/`, { schema: z.array(OptionItem), query, signal }) };
  }
  return {};
}

export const getAvailabilityQueryOptions = (product: ProductDefinition, q: AvailabilityQuery | null) =>
  queryOptions({
    queryKey: ['catalog', product.slug, 'availability', q?.trimSizeId ?? null, q?.pageCount ?? null],
    queryFn: ({ signal }) => getAvailability(product, q as AvailabilityQuery, signal),
    enabled: q !== null && availabilityEndpoint(product) !== null,
  });

export const useAvailability = (product: ProductDefinition, q: AvailabilityQuery | null) =>
  useQuery(getAvailabilityQueryOptions(product, q));
