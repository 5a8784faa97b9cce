/**
 * GET api/orders/ (bearer): the customer's orders, newest first, keyset-paged (docs/decisions/0019): "Load more"
 * asks for the page after `next_cursor`; `total` is the server's count of the customer's orders.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { api } from '#lib/api-client.ts';

export const MY_ORDERS_PAGE_SIZE = 10;

export const getMyOrders = (query: { limit: number; cursor?: string }, signal?: AbortSignal) =>
  api.call(orderRoutes.list, { query }, { signal });

/** Keyed by user, so one account never sees another's cached orders after a logout and login in one tab. */
export const getMyOrdersQueryOptions = (userId: number | null | undefined, limit = MY_ORDERS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['orders', 'mine', userId ?? null, limit],
    queryFn: ({ pageParam, signal }) => getMyOrders({ limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(userId),
  });

export const useMyOrders = (userId: number | null | undefined, limit?: number) =>
  useInfiniteQuery(getMyOrdersQueryOptions(userId, limit));
