/**
 * How many orders are in each status, for the status tabs and the dashboard: the server's `total` of a one-row
 * page per status (GET api/admin/orders/?status=&limit=1), so the count is the database's, never a page's.
 */
import { useQueries } from '@tanstack/react-query';
import { ORDER_STATUSES, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import { getAdminOrders } from './get-admin-orders';

export type OrderCounts = Partial<Record<OrderStatus | 'all', number>>;

const KEYS = ['all', ...ORDER_STATUSES] as const;

export const getOrderCountQueryOptions = (status: OrderStatus | 'all') => ({
  queryKey: ['admin', 'orders', 'list', 'count', status],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await getAdminOrders({ limit: 1, status: status === 'all' ? undefined : status }, signal)).total ?? 0,
});

export function useOrderCounts(): { counts: OrderCounts; isError: boolean; isPending: boolean } {
  return useQueries({
    queries: KEYS.map((status) => getOrderCountQueryOptions(status)),
    combine: (results) => ({
      counts: Object.fromEntries(
        KEYS.flatMap((status, i) => (results[i]?.data === undefined ? [] : [[status, results[i].data]])),
      ),
      isError: results.some((r) => r.isError),
      isPending: results.some((r) => r.isPending),
    }),
  });
}
