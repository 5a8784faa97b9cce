/** GET api/orders/overview/ (bearer): the buyer's orders to pay, money spent, refunds and open orders (ADR 0058). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { api } from '#lib/api-client.ts';

export const getOverview = (signal?: AbortSignal) => api.call(orderRoutes.overview, {}, { signal });

export const getOverviewQueryOptions = (userId: number | null | undefined) =>
  queryOptions({
    queryKey: ['orders', 'overview', userId ?? null],
    queryFn: ({ signal }) => getOverview(signal),
    enabled: Boolean(userId),
  });

export const useOverview = (userId: number | null | undefined) => useQuery(getOverviewQueryOptions(userId));
