/** GET api/orders/overview/ (bearer): the customer's paid, refunded and unpaid totals and order counts. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { api } from '#lib/api-client.ts';

export const getSalesOverview = (signal?: AbortSignal) => api.call(orderRoutes.overview, {}, { signal });

export const getSalesOverviewQueryOptions = (userId: number | null | undefined) =>
  queryOptions({
    queryKey: ['orders', 'overview', userId ?? null],
    queryFn: ({ signal }) => getSalesOverview(signal),
    enabled: Boolean(userId),
  });

export const useSalesOverview = (userId: number | null | undefined) =>
  useQuery(getSalesOverviewQueryOptions(userId));
