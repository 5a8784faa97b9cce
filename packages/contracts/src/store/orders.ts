/**
 * The customer's orders after checkout (docs/decisions/0020). All bearer, own orders only: another
 * customer's order is "not found", never "forbidden".
 *
 * - GET  api/orders/?limit&cursor&status        → MyOrdersResponse (keyset page, newest first, with `total`)
 * - GET  api/orders/{id}/                       → OrderResponse (./checkout.ts: items, timeline, tracking, refunds)
 * - GET  api/orders/lookup/?number=BND-000042    → OrderResponse (404 when it is not one of the caller's orders)
 * - POST api/orders/{id}/reorder/ ReorderBody    → ReorderResponse: new draft projects reusing the order's files,
 *                                                 priced at today's catalog; the SPA puts them in the cart → /shop
 * - GET  api/orders/overview/                   → CustomerOverviewResponse (the dashboard's overview: orders to
 *                                                 pay, money spent, open orders)
 * - GET  api/orders/{id}/downloads/{project_id}/{pdf|cover}/ → an e-book's file as an attachment, once the order
 *                                                 is paid (403 before); the order's customer or an admin (ADR 0034)
 */
import { z } from 'zod';
import { DecimalString, ErrorBody, Id, IdParam, IdParams, PageQuery, page } from '../common.js';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';
import { OrderResponse, OrderStatus } from './checkout.js';
import { Project } from './projects.js';

const m = messages.orders;

/** One row of the customer's order list: enough for the cart page's table (number, date, total, status, tracking). */
export const OrderSummary = z.object({
  id: z.number().int().positive(),
  order_number: z.string(),
  status: OrderStatus,
  currency: z.literal('USD'),
  total: DecimalString,
  created_at: z.iso.datetime({ offset: true }),
  paid_at: z.iso.datetime({ offset: true }).nullable(),
  payment_method: z.enum(['card', 'paypal']).nullable(),
  item_count: z.number().int().nonnegative(),
  /** The books, by title and copies (an order holds at most 100). */
  items: z.array(
    z.object({ project_id: z.number().int().positive(), title: z.string(), quantity: z.number().int() }),
  ),
  /** What came back to the customer (refunds that went through): 0.00, part of the total, or all of it. */
  refunded: DecimalString,
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const MyOrdersQuery = PageQuery.extend({ status: OrderStatus.optional() }).strict();
export type MyOrdersQuery = z.input<typeof MyOrdersQuery>;

/** GET api/orders/: a keyset page (docs/decisions/0019); `total` counts the caller's orders matching the filter. */
export const MyOrdersResponse = page(OrderSummary);
export type MyOrdersResponse = z.infer<typeof MyOrdersResponse>;

/**
 * The order number as people type it: "BND-000042", "bnd-42", "BND42" or "42" all mean order BND-000042.
 * The server normalises it.
 */
export const OrderNumberInput = z
  .string({ error: m.lookupNumberInvalid })
  .trim()
  .regex(/^(?:BND-?)?0*[1-9]\d{0,9}$/i, { error: m.lookupNumberInvalid });

/**
 * The order number people read for an order id, as the database derives it (BND-000042; seven digits and more from
 * BND-1000000): for a page that knows only the id. An order's own `order_number` is the same text.
 */
export const orderNumberOf = (id: number): string =>
  `BND-${id < 1_000_000 ? String(id).padStart(6, '0') : String(id)}`;

export const OrderLookupQuery = z.object({ number: OrderNumberInput }).strict();
export type OrderLookupQuery = z.input<typeof OrderLookupQuery>;

/** One book to order again, with the copies wanted now. */
export const ReorderItem = z
  .object({
    project_id: Id,
    quantity: z.number().int().positive().max(100_000),
  })
  .strict();

/**
 * POST api/orders/{id}/reorder/. Without `items`: every book of the order at the copies ordered then. With
 * `items`: those books (each must be in the order) at the copies given.
 */
export const ReorderBody = z.object({ items: z.array(ReorderItem).min(1).max(100).optional() }).strict();
export type ReorderBody = z.input<typeof ReorderBody>;

/** The new draft projects (one per book), priced now; their files are the order's, nothing to upload again. */
export const ReorderResponse = z.object({
  message: z.string(),
  projects: z.array(Project),
});
export type ReorderResponse = z.infer<typeof ReorderResponse>;

/** At most this many unpaid orders are listed on the overview (the count and total cover them all). */
export const OVERVIEW_UNPAID_LIMIT = 5;

/** An order still to pay, as the dashboard links it to its payment page (/payment?order={id}). */
export const UnpaidOrderLink = z.object({
  id: z.number().int().positive(),
  order_number: z.string(),
  total: DecimalString,
  created_at: z.iso.datetime({ offset: true }),
  /** When it is canceled if still unpaid. */
  expires_at: z.iso.datetime({ offset: true }).nullable(),
});
export type UnpaidOrderLink = z.infer<typeof UnpaidOrderLink>;

/**
 * GET api/orders/overview/: the buyer's own figures (docs/decisions/0058), all computed by the server.
 * - `unpaid`: the orders still to pay (count, their total, the first OVERVIEW_UNPAID_LIMIT by soonest expiry);
 * - `spent_total`: what the customer paid, less what came back (`refunded_total`, refunds of canceled orders too);
 * - `counts.open`: paid orders not delivered yet (paid, in production, shipped); `delivered`, `canceled`.
 */
export const CustomerOverviewResponse = z.object({
  currency: z.literal('USD'),
  unpaid: z.object({
    count: z.number().int().nonnegative(),
    total: DecimalString,
    orders: z.array(UnpaidOrderLink).max(OVERVIEW_UNPAID_LIMIT),
  }),
  spent_total: DecimalString,
  refunded_total: DecimalString,
  counts: z.object({
    open: z.number().int().nonnegative(),
    delivered: z.number().int().nonnegative(),
    canceled: z.number().int().nonnegative(),
  }),
  last_paid_at: z.iso.datetime({ offset: true }).nullable(),
});
export type CustomerOverviewResponse = z.infer<typeof CustomerOverviewResponse>;

/** GET api/orders/{id}/downloads/{project_id}/{kind}/ (docs/decisions/0034). */
export const OrderDownloadParams = z
  .object({ id: IdParam, project_id: IdParam, kind: z.enum(['pdf', 'cover']) })
  .strict();
export type OrderDownloadParams = z.infer<typeof OrderDownloadParams>;

const tags = ['orders'];

/** The customer's orders (apps/api/src/routes/store/orders): own orders only, another's is 404 like an unknown one. */
export const orderRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/orders/',
    operationId: 'getOrders',
    summary: 'The caller’s orders, newest first (keyset page)',
    tags,
    access: 'customer',
    apiKeyScope: 'orders:read',
    query: MyOrdersQuery,
    responses: { 200: MyOrdersResponse, 400: ErrorBody, 401: ErrorBody },
  }),
  overview: defineRoute({
    method: 'GET',
    path: '/api/orders/overview/',
    operationId: 'getOrdersOverview',
    summary: 'The caller’s orders to pay (with links), money spent, refunds and open orders',
    tags,
    access: 'customer',
    apiKeyScope: 'orders:read',
    responses: { 200: CustomerOverviewResponse, 401: ErrorBody },
  }),
  lookup: defineRoute({
    method: 'GET',
    path: '/api/orders/lookup/',
    operationId: 'getOrdersLookup',
    summary: 'One of the caller’s orders by its number',
    tags,
    access: 'customer',
    apiKeyScope: 'orders:read',
    query: OrderLookupQuery,
    responses: { 200: OrderResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/',
    operationId: 'getOrdersById',
    summary: 'One of the caller’s orders',
    tags,
    access: 'owner',
    apiKeyScope: 'orders:read',
    params: IdParams,
    responses: { 200: OrderResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  }),
  reorder: defineRoute({
    method: 'POST',
    path: '/api/orders/{id}/reorder/',
    operationId: 'postOrdersByIdReorder',
    summary: 'Order the books of a paid order again: new draft projects on the same files, priced now',
    tags,
    access: 'owner',
    params: IdParams,
    // No body at all means every book at the copies ordered then.
    body: ReorderBody.nullish(),
    responses: { 201: ReorderResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/orders/{id}/downloads/{project_id}/{kind}/',
    operationId: 'getOrdersByIdDownloadsByProjectIdByKind',
    summary: 'An e-book’s interior PDF or cover from a paid order (its customer or an admin), as a download',
    tags,
    access: 'owner-or-admin',
    params: OrderDownloadParams,
    produces: ['application/pdf', 'image/jpeg', 'image/png'],
    // The file's bytes (a stream, never JSON).
    responses: { 200: null, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
  }),
};
