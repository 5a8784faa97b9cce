/**
 * GET api/admin/orders/ (admin bearer): orders, newest first, filtered on the server by status and search text,
 * keyset-paged (docs/decisions/0019): each page's `next_cursor` fetches the next ("Load more"); `total` is the
 * server's count of every order matching the filters ("n of m").
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminOrderRoutes } from '@bindery/contracts/admin/orders';
import type { OrderStatus } from '@bindery/contracts/order-lifecycle';
import { api } from '#lib/api-client.ts';

/** The filters of AdminOrderListQuery, as this screen sends them. */
export interface AdminOrderFilters {
  status?: OrderStatus;
  q?: string;
  from?: string;
  to?: string;
}
type AdminOrderListQuery = AdminOrderFilters & { limit?: number; cursor?: string };

/** One screenful: enough to scan, small enough for a phone. */
export const ORDERS_PAGE_SIZE = 25;

export const getAdminOrders = (query: AdminOrderListQuery, signal?: AbortSignal) =>
  api.call(adminOrderRoutes.list, { query }, { signal });

export const getAdminOrdersQueryOptions = (filters: AdminOrderFilters, limit = ORDERS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'orders', 'list', { ...filters, limit }],
    queryFn: ({ pageParam, signal }) => getAdminOrders({ ...filters, limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useAdminOrders = (filters: AdminOrderFilters, limit?: number) =>
  useInfiniteQuery(getAdminOrdersQueryOptions(filters, limit));
