/**
 * GET api/admin/sales/?from&to&limit&cursor (admin bearer; docs/decisions/0022): paid, refunded and outstanding per
 * day and per method over the period, its totals, and its payments newest first as a keyset page. "Load more"
 * asks for the report again with the payments' cursor; the days and totals come from the first answer.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminSalesRoutes } from '@bindery/contracts/admin/sales';
import { pathOf } from '@bindery/contracts/route';
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

/** GET api/admin/sales/export/orders/ or …/payments/ of a period: a CSV the Download button fetches (ADR 0065). */
export const exportPath = (kind: 'orders' | 'payments', from: string, to: string) =>
  `${pathOf(kind === 'orders' ? adminSalesRoutes.exportOrders : adminSalesRoutes.exportMoney)}?${new URLSearchParams({ from, to }).toString()}`;
