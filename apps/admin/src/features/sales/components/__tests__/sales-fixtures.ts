/** Contract-typed figures and an msw handler of GET api/admin/sales/ for the tests that open /admin/payment. */
import { http, HttpResponse } from 'msw';
import { adminSalesRoutes, SalesReportResponse, type SalesFigures } from '@bindery/contracts/admin/sales';
import { urlOf } from '@bindery/contracts/route';

/** Figures of nothing paid, refunded or outstanding: a test spreads it and sets what it needs. */
export const zero: SalesFigures = {
  paid_cents: 0,
  refunded_cents: 0,
  outstanding_cents: 0,
  payments: 0,
  refunds: 0,
  awaiting_orders: 0,
};

/** GET api/admin/sales/ answering a day without money: for tests about what stands around the report. */
export const emptySalesHandler = () =>
  http.get(urlOf(adminSalesRoutes.report), () =>
    HttpResponse.json(
      SalesReportResponse.parse({
        from: '2026-11-23',
        to: '2026-11-23',
        currency: 'USD',
        totals: zero,
        by_method: [],
        days: [{ date: '2026-11-23', ...zero, methods: [] }],
        payments: { data: [], next_cursor: null, total: 0 },
      }),
    ),
  );
