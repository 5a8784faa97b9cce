/**
 * The price audit (docs/decisions/0063):
 * - GET api/admin/price-changes/?q&editor&category   recorded changes, newest first, keyset-paged
 * - GET api/admin/prices-at/?category&at            a category's prices as they stood at a moment
 */
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { adminPriceChangeRoutes } from '@bindery/contracts/admin/price-changes';
import { api } from '#lib/api-client.ts';

export const PRICE_CHANGES_PAGE_SIZE = 50;

export interface PriceChangeFilters {
  q?: string;
  editor?: number;
  category?: string;
}

export const priceChangesQueryOptions = (filters: PriceChangeFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'price-changes', filters],
    queryFn: ({ pageParam, signal }) =>
      api.call(
        adminPriceChangeRoutes.list,
        { query: { ...filters, limit: PRICE_CHANGES_PAGE_SIZE, cursor: pageParam } },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const usePriceChanges = (filters: PriceChangeFilters) => useInfiniteQuery(priceChangesQueryOptions(filters));

export const pricesAtQueryOptions = (category: string, at: string) =>
  queryOptions({
    queryKey: ['admin', 'prices-at', category, at],
    queryFn: ({ signal }) => api.call(adminPriceChangeRoutes.pricesAt, { query: { category, at } }, { signal }),
  });

export const usePricesAt = (category: string | undefined, at: string | undefined) =>
  useQuery({
    ...pricesAtQueryOptions(category ?? '', at ?? ''),
    enabled: category !== undefined && at !== undefined,
  });
