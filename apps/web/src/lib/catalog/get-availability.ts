/**
 * What a trim size and page count allow: GET api/{slug}/available-options/ (print book: every option of the trim,
 * each marked `available`) or GET api/{slug}/bindings/ (only the bindings that fit), both with
 * ?trim_size_id=&page_count=. Resolves to the ids that may be chosen, by kind; kinds the endpoint does not cover
 * stay unrestricted.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogRoutes } from '@bindery/contracts/store/catalog';
import { messages } from '@bindery/contracts/messages';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';
import { api } from '../api-client';
import { listsByKind } from './option-lists';

export interface AvailabilityQuery {
  trimSizeId: number;
  pageCount: number;
}

/** Ids that may be chosen, per kind the endpoint covers. */
export type Availability = Partial<Record<OptionKind, ReadonlySet<number>>>;

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

export async function getAvailability(
  product: ProductDefinition,
  q: AvailabilityQuery,
  signal?: AbortSignal,
): Promise<Availability> {
  const routes = catalogRoutes(product);
  const query = { trim_size_id: q.trimSizeId, page_count: q.pageCount };
  if (routes.availableOptions) {
    const lists = listsByKind(product, await api.call(routes.availableOptions, { query }, { signal }));
    const out: Availability = {};
    for (const [kind, list] of Object.entries(lists) as [
      OptionKind,
      { id: number; available?: boolean }[],
    ][]) {
      out[kind] = new Set(list.filter((i) => i.available).map((i) => i.id));
    }
    return out;
  }
  if (routes.bindings) {
    const list = await api.call(routes.bindings, { query }, { signal });
    return { binding: new Set(list.map((b) => b.id)) };
  }
  return {};
}

export const getAvailabilityQueryOptions = (
  product: ProductDefinition | undefined,
  q: AvailabilityQuery | null,
) =>
  queryOptions({
    queryKey: ['catalog', product?.slug ?? null, 'availability', q?.trimSizeId ?? null, q?.pageCount ?? null],
    queryFn: ({ signal }) => getAvailability(product as ProductDefinition, q as AvailabilityQuery, signal),
    enabled: q !== null && product !== undefined && availabilityEndpoint(product) !== null,
  });

export const useAvailability = (product: ProductDefinition | undefined, q: AvailabilityQuery | null) =>
  useQuery(getAvailabilityQueryOptions(product, q));
