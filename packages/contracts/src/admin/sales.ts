/**
 * The admin's "Sales and payments" page (docs/decisions/0022). Admins only: 401 without a token, 403
 * for customers.
 *
 * GET api/admin/sales/?from&to&limit&cursor → SalesReportResponse:
 * - per day (UTC) and per method over [from, to]: money paid (completed payments, by the day the money arrived),
 *   refunded (succeeded refunds, by the day of the refund, under the method of the payment they gave back) and
 *   outstanding (orders placed that day that still await payment, under the method of their open attempt, or
 *   `null` when no payment was started), all integer cents;
 * - the period's totals and per-method totals;
 * - the latest payments of the period, newest first, as a keyset page (docs/decisions/0019).
 * Every day of the period is listed (zeros included), so a chart draws it as it is. At most 366 days.
 */
import { z } from 'zod';
import { errorBodies, PageQuery, page } from '../common.js';
import { defineRoute } from '../route.js';

/** The longest period one report covers (the days array is bounded like every list). */
export const SALES_MAX_DAYS = 366;

const Day = z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' });

const PeriodFields = {
  /** First day (UTC), inclusive. Default: 29 days before `to`. */
  from: Day.optional(),
  /** Last day (UTC), inclusive. Default: today. */
  to: Day.optional(),
};

/** A period's rules, for the report and the exports alike: in order, and at most SALES_MAX_DAYS days. */
const withPeriodRules = <T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) =>
  schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['from'], error: 'Must not be after to' })
    .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < SALES_MAX_DAYS, {
      path: ['from'],
      error: `The period must be at most ${SALES_MAX_DAYS} days`,
    });

export const SalesReportQuery = withPeriodRules(PageQuery.extend(PeriodFields).strict());
export type SalesReportQuery = z.input<typeof SalesReportQuery>;

/** How the money came or is to come: a card (Stripe), PayPal, or `null` for an unpaid order with no attempt yet. */
export const SalesMethod = z.enum(['card', 'paypal']).nullable();
export type SalesMethod = z.infer<typeof SalesMethod>;

export const SalesFigures = z.object({
  paid_cents: z.number().int().nonnegative(),
  refunded_cents: z.number().int().nonnegative(),
  outstanding_cents: z.number().int().nonnegative(),
  /** Payments completed (count), refunds made (count), orders awaiting payment (count). */
  payments: z.number().int().nonnegative(),
  refunds: z.number().int().nonnegative(),
  awaiting_orders: z.number().int().nonnegative(),
});
export type SalesFigures = z.infer<typeof SalesFigures>;

export const SalesByMethod = SalesFigures.extend({ method: SalesMethod });
export type SalesByMethod = z.infer<typeof SalesByMethod>;

export const SalesDay = SalesFigures.extend({
  date: Day,
  /** Only the methods with something that day. */
  methods: z.array(SalesByMethod),
});
export type SalesDay = z.infer<typeof SalesDay>;

/** A completed payment of the period, with what has been given back of it. */
export const SalesPayment = z.object({
  id: z.number().int().positive(),
  order_id: z.number().int().positive(),
  order_number: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  method: z.enum(['card', 'paypal']),
  /** Checkout Session id or PayPal order id. */
  provider_reference: z.string(),
  amount_cents: z.number().int().nonnegative(),
  refunded_cents: z.number().int().nonnegative(),
  /** When the money arrived. */
  paid_at: z.iso.datetime({ offset: true }),
  /** The order's status now (a payment for a canceled order was refunded, or is to be). */
  order_status: z.string(),
});
export type SalesPayment = z.infer<typeof SalesPayment>;

export const SalesReportResponse = z.object({
  from: Day,
  to: Day,
  currency: z.literal('USD'),
  totals: SalesFigures,
  by_method: z.array(SalesByMethod),
  /** Oldest first, one per day of the period. */
  days: z.array(SalesDay),
  /** The period's payments, newest first (keyset page: `limit`, `cursor`). */
  payments: page(SalesPayment),
});
export type SalesReportResponse = z.infer<typeof SalesReportResponse>;

/**
 * The exports for the books (docs/decisions/0065): CSV of the period's orders (placed in it) and of its money
 * movements (payments completed and refunds made in it), streamed. Same period rules as the report.
 */
export const SalesExportQuery = withPeriodRules(z.object(PeriodFields).strict());
export type SalesExportQuery = z.input<typeof SalesExportQuery>;

/** The columns of each export, in order (the CSV's header row). */
export const ORDERS_CSV_COLUMNS = [
  'order_number',
  'placed_at',
  'status',
  'paid_at',
  'customer_name',
  'customer_email',
  'payment_method',
  'items',
  'copies',
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'tax_rate',
  'total',
  'refunded',
  'ship_to_country',
  'ship_to_state',
] as const;
export const MONEY_CSV_COLUMNS = [
  'at',
  'kind',
  'order_number',
  'method',
  'provider_reference',
  'amount',
  'status',
  'reason',
] as const;

/** The "Sales and payments" report (apps/api/src/routes/admin/sales). */
export const adminSalesRoutes = {
  report: defineRoute({
    method: 'GET',
    path: '/api/admin/sales/',
    operationId: 'getAdminSales',
    summary: 'Money paid, refunded and outstanding per day and method, and the latest payments',
    tags: ['admin: sales'],
    access: 'admin',
    query: SalesReportQuery,
    responses: { 200: SalesReportResponse, ...errorBodies(400, 401, 403) },
  }),
  exportOrders: defineRoute({
    method: 'GET',
    path: '/api/admin/sales/export/orders/',
    operationId: 'getAdminSalesExportOrders',
    summary: "The period's orders as CSV (one row per order, its books, copies and every money column), streamed",
    tags: ['admin: sales'],
    access: 'admin',
    query: SalesExportQuery,
    produces: ['text/csv'],
    responses: { 200: null, ...errorBodies(400, 401, 403) },
  }),
  exportMoney: defineRoute({
    method: 'GET',
    path: '/api/admin/sales/export/payments/',
    operationId: 'getAdminSalesExportPayments',
    summary: "The period's payments and refunds as CSV, oldest first, streamed",
    tags: ['admin: sales'],
    access: 'admin',
    query: SalesExportQuery,
    produces: ['text/csv'],
    responses: { 200: null, ...errorBodies(400, 401, 403) },
  }),
};
