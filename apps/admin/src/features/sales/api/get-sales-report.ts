/**
 * GET api/admin/sales/?from&to&limit&cursor (admin bearer; docs/decisions/0022): paid, refunded and outstanding per
 * day and per method over the period, its totals, and its payments newest first as a keyset page. "Load more"
 * asks for the report again with the payments' cursor; the days and totals come from the first answer.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminSalesRoutes } from '@bindery/contracts/admin/sales';
import { api } from '#lib/api-client.ts';

export const SALES_PAYMENTS_PAGE_SIZE = 20;

export interface SalesPeriod {
  /** YYYY-MM-DD, inclusive; absent: the server's default (the last 30 days). */
  from?: string;
  to?: string;
}

export const getSalesReport = (
  query: SalesPeriod & { limit: number; cursor?: string },
  signal?: AbortSignal,
) => api.call(adminSalesRoutes.report, { query }, { signal });

export const getSalesReportQueryOptions = (period: SalesPeriod, limit = SALES_PAYMENTS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'sales', { ...period, limit }],
    queryFn: ({ pageParam, signal }) => getSalesReport({ ...period, limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.payments.next_cursor ?? undefined,
  });

export const useSalesReport = (period: SalesPeriod, limit?: number) =>
  useInfiniteQuery(getSalesReportQueryOptions(period, limit));
