/**
 * Admin orders (docs/decisions/0020). Admins only: 401 without a token, 403 for customers.
 *
 * - GET  api/admin/orders/?limit&cursor&status&q&from&to → AdminOrderListResponse (keyset page, newest first,
 *        `total` = rows matching the filters). Orders only: projects not yet ordered are not orders.
 * - GET  api/admin/orders/{id}/                → AdminOrderResponse (everything staff need to produce and ship)
 * - POST api/admin/orders/{id}/status/ ChangeStatusBody → AdminOrderResponse (a move of the lifecycle table;
 *        409 naming both statuses when the table or a concurrent move does not allow it)
 * - POST api/admin/orders/{id}/refund/ RefundBody       → RefundResponse (docs/decisions/0022)
 * - GET  api/book/all-orders/?limit&cursor&q             → AllOrdersResponse: the spec's list of submitted
 *        projects (docs/spec/calculators-account-admin.md §2 Manage Orders), paged the same way.
 */
import { CoverPreflightReport } from '../store/cover-preflight.js';
import { PreflightReport } from '../store/preflight.js';
import { z } from 'zod';
import {
  DecimalString,
  errorBodies,
  IdParam,
  OrderAmounts,
  PageQuery,
  OptionalText,
  page,
} from '../common.js';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';
import { Address, OrderActor, OrderItem, OrderStatus, ShippingService } from '../store/checkout.js';
import { CoverExpertRequest, ProjectCategory, ProjectOptionNames } from '../store/projects.js';
import { HoldReason, OrderHold } from '../store/order-hold.js';

const m = messages.orders;

// ---------------------------------------------------------------------------------------------------------------
// The list

/** A day (2026-11-23, the whole day in UTC) or an instant (2026-11-23T15:00:00Z). */
const DayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const AdminOrderListQuery = PageQuery.extend({
  status: OrderStatus.optional(),
  /** Order number, customer e-mail or name, or a book title (case-insensitive, part of a word is enough). */
  q: OptionalText(200),
  /** Placed on or after (a day: from its start). */
  from: DayOrInstant.optional(),
  /** Placed on or before (a day: to its end). */
  to: DayOrInstant.optional(),
}).strict();
export type AdminOrderListQuery = z.input<typeof AdminOrderListQuery>;

export const PaymentMethod = z.enum(['card', 'paypal']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const AdminOrderRow = z.object({
  id: z.number().int().positive(),
  order_number: z.string(),
  status: OrderStatus,
  created_at: z.iso.datetime({ offset: true }),
  paid_at: z.iso.datetime({ offset: true }).nullable(),
  /** The customer's name and e-mail as they were when the order was placed (kept after the account is deleted). */
  customer_name: z.string(),
  customer_email: z.string(),
  item_count: z.number().int().nonnegative(),
  total: DecimalString,
  currency: z.literal('USD'),
  payment_method: PaymentMethod.nullable(),
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrderListResponse = page(AdminOrderRow);
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponse>;

// ---------------------------------------------------------------------------------------------------------------
// One order

/** A stored file of a book: `url` views it inline, `download_url` downloads it (both need the admin's bearer). */
export const AdminOrderFile = z.object({
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int().nonnegative(),
  url: z.string(),
  download_url: z.string(),
});
export type AdminOrderFile = z.infer<typeof AdminOrderFile>;

/** A book of the order: what was bought (prices of the moment) and what to print (options, pages, files). */
export const AdminOrderItem = OrderItem.extend({
  category: ProjectCategory,
  language: z.string().nullable(),
  page_count: z.number().int().positive(),
  /** Every option by name, photo-book extras included (`options.extras`: "Spine": "Round"). */
  options: ProjectOptionNames,
  pdf_file: AdminOrderFile,
  cover_file: AdminOrderFile.nullable(),
  /** The customer asked Bindery's cover expert to design the cover (no cover file then). */
  cover_expert: CoverExpertRequest.nullable(),
  /** The interior's print check as saved with the book (null: an e Book, or a file from before the checks). */
  preflight: PreflightReport.nullable(),
  /** The cover's print check as saved with the book (null: no cover file, an e Book, or one from before the checks). */
  cover_preflight: CoverPreflightReport.nullable(),
});
export type AdminOrderItem = z.infer<typeof AdminOrderItem>;

/** One attempt to pay (a Stripe Checkout Session or a PayPal order) and, once paid, the charge to refund. */
export const AdminPayment = z.object({
  id: z.number().int().positive(),
  provider: z.enum(['stripe', 'paypal']),
  method: PaymentMethod,
  /** Checkout Session id (cs_…) or PayPal order id. */
  provider_reference: z.string(),
  /** Stripe PaymentIntent id (pi_…) or PayPal capture id, once the money was taken. */
  charge_reference: z.string().nullable(),
  amount: DecimalString,
  status: z.enum(['created', 'completed', 'failed', 'expired']),
  created_at: z.iso.datetime({ offset: true }),
});
export type AdminPayment = z.infer<typeof AdminPayment>;

export const RefundStatus = z.enum(['pending', 'succeeded', 'failed']);
export type RefundStatus = z.infer<typeof RefundStatus>;

/** Money given back through the provider that took it, recorded with the provider's refund id. */
export const Refund = z.object({
  id: z.number().int().positive(),
  payment_id: z.number().int().positive(),
  provider: z.enum(['stripe', 'paypal']),
  provider_refund_id: z.string().nullable(),
  amount: DecimalString,
  reason: z.string(),
  status: RefundStatus,
  actor: OrderActor,
  created_at: z.iso.datetime({ offset: true }),
});
export type Refund = z.infer<typeof Refund>;

/** One move of the order, as written in the same transaction as the status change. */
export const OrderEvent = z.object({
  id: z.number().int().positive(),
  /** Null for the order being placed. */
  from: OrderStatus.nullable(),
  to: OrderStatus,
  actor: OrderActor,
  note: z.string().nullable(),
  /** Internal notes are for staff only; the customer's timeline leaves them out. */
  internal: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

export const AdminOrderCustomer = z.object({
  user_id: z.number().int().positive(),
  /** Copied when the order was placed (docs/decisions/0008: they outlive the account). */
  name: z.string(),
  email: z.string(),
  account_deleted: z.boolean(),
});
export type AdminOrderCustomer = z.infer<typeof AdminOrderCustomer>;

/** Everything staff need to produce, ship, refund and answer questions about one order. */
export const AdminOrderDetail = z.object({
  id: z.number().int().positive(),
  order_number: z.string(),
  status: OrderStatus,
  /** The statuses staff may move it to now (the lifecycle table for `staff`): the console's actions. */
  next_statuses: z.array(OrderStatus),
  currency: z.literal('USD'),
  created_at: z.iso.datetime({ offset: true }),
  paid_at: z.iso.datetime({ offset: true }).nullable(),
  in_production_at: z.iso.datetime({ offset: true }).nullable(),
  on_hold_at: z.iso.datetime({ offset: true }).nullable(),
  shipped_at: z.iso.datetime({ offset: true }).nullable(),
  delivered_at: z.iso.datetime({ offset: true }).nullable(),
  canceled_at: z.iso.datetime({ offset: true }).nullable(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  /** The hold's reason, message and status it returns to (docs/decisions/0072); null when not on hold. */
  hold: OrderHold.nullable(),
  /** Paid orders: "Start production" is allowed from this moment (the cancel window's end; ADR 0072). */
  production_allowed_at: z.iso.datetime({ offset: true }).nullable(),
  customer: AdminOrderCustomer,
  items: z.array(AdminOrderItem),
  address: Address,
  shipping_service: ShippingService,
  /** What the carrier charges Bindery for the parcel (the customer pays `shipping`), when known. */
  carrier_charge: DecimalString.nullable(),
  weight_grams: z.number().int().nonnegative(),
  ...OrderAmounts.shape,
  payment_method: PaymentMethod.nullable(),
  /** The completed payment's provider references (null until paid). */
  payment_reference: z.string().nullable(),
  charge_reference: z.string().nullable(),
  payments: z.array(AdminPayment),
  /** Sum of succeeded refunds, and what is left to refund of the money paid. */
  refunded: DecimalString,
  refundable: DecimalString,
  refunds: z.array(Refund),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  /** Oldest first. */
  events: z.array(OrderEvent),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const AdminOrderResponse = z.object({ order: AdminOrderDetail });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Actions

/**
 * POST api/admin/orders/{id}/status/. `carrier` and `tracking_number` are required to ship (400 naming the field);
 * `tracking_url` defaults to the carrier's tracking page for DHL and FedEx. `note` goes into the order's event;
 * it stays internal (staff only) unless `internal` is false.
 */
export const ChangeStatusBody = z
  .object({
    status: OrderStatus,
    carrier: OptionalText(100),
    tracking_number: OptionalText(100),
    tracking_url: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .url({ protocol: /^https?$/, error: m.trackingUrlInvalid })
        .max(500)
        .optional(),
    ),
    note: OptionalText(1000),
    internal: z.boolean().default(true),
    /** Holding (docs/decisions/0072): the reason; `note` is then the message the customer reads. */
    hold_reason: HoldReason.optional(),
  })
  .strict();
export type ChangeStatusBody = z.input<typeof ChangeStatusBody>;

/**
 * POST api/admin/orders/{id}/refund/ (docs/decisions/0022): `amount_cents` absent = everything not yet refunded.
 * More than what is left is a 400; a provider failure a 502 with the provider's message, nothing recorded.
 */
export const RefundBody = z
  .object({
    amount_cents: z.number().int().positive().max(100_000_000).optional(),
    reason: z.string().trim().min(1).max(500),
  })
  .strict();
export type RefundBody = z.input<typeof RefundBody>;

export const RefundResponse = z.object({ refund: Refund, order: AdminOrderDetail });
export type RefundResponse = z.infer<typeof RefundResponse>;

export const AdminOrderParams = z.object({ id: IdParam }).strict();

// ---------------------------------------------------------------------------------------------------------------
// The spec's list of submitted projects (GET api/book/all-orders/)

/**
 * A submitted project with its customer, as the spec's list of submitted projects shows it (the spec calls the row
 * an "Order"; it is a project, named for what it is: ADR 0056); `order_id`/`order_status` add the latest order that
 * is not canceled, if any.
 */
export const SubmittedProject = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  user_email: z.string().nullable(),
  category: ProjectCategory,
  language: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  page_count: z.number().int().positive(),
  binding_type: z.string().nullable(),
  cover_finish: z.string().nullable(),
  interior_color: z.string().nullable(),
  paper_type: z.string().nullable(),
  trim_size: z.string().nullable(),
  /** API paths serving the files to an admin (bearer), or null when absent. */
  pdf_file: z.string(),
  cover_file: z.string().nullable(),
  cover_description: z.string().nullable(),
  quantity: z.number().int().positive(),
  order_id: z.number().int().positive().nullable(),
  order_status: OrderStatus.nullable(),
});
export type SubmittedProject = z.infer<typeof SubmittedProject>;

export const AllOrdersQuery = PageQuery.extend({
  /** Any part of the book's title or of the customer's e-mail, case-insensitive (the spec's search box). */
  q: OptionalText(200),
}).strict();
export type AllOrdersQuery = z.input<typeof AllOrdersQuery>;

/** Keyset-paged like every list (docs/decisions/0019): `data` keeps the spec's shape. */
export const AllOrdersResponse = page(SubmittedProject);
export type AllOrdersResponse = z.infer<typeof AllOrdersResponse>;

// ---------------------------------------------------------------------------------------------------------------
// The routes (apps/api/src/routes/admin/orders; refund and reconcile are in ./payments.ts)

const tags = ['admin: orders'];

export const adminOrderRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/',
    operationId: 'getAdminOrders',
    summary: 'Orders, newest first, filtered by status, search text and dates (keyset page)',
    tags,
    access: 'admin',
    query: AdminOrderListQuery,
    responses: { 200: AdminOrderListResponse, ...errorBodies(400, 401, 403) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/admin/orders/{id}/',
    operationId: 'getAdminOrdersById',
    summary: 'One order with its books, files, amounts, payments, refunds and events',
    tags,
    access: 'admin',
    params: AdminOrderParams,
    responses: { 200: AdminOrderResponse, ...errorBodies(400, 401, 403, 404) },
  }),
  changeStatus: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/{id}/status/',
    operationId: 'postAdminOrdersByIdStatus',
    summary: 'Move the order by the lifecycle table (start production, ship, deliver, cancel)',
    tags,
    access: 'admin',
    params: AdminOrderParams,
    body: ChangeStatusBody,
    responses: { 200: AdminOrderResponse, ...errorBodies(400, 401, 403, 404, 409, 502) },
  }),
  /** The spec's Manage Orders list (docs/spec/calculators-account-admin.md §2), at its own path. */
  allOrders: defineRoute({
    method: 'GET',
    path: '/api/book/all-orders/',
    operationId: 'getBookAllOrders',
    summary:
      'Every submitted project with its customer and order state (keyset page, search by title or e-mail)',
    tags,
    access: 'admin',
    query: AllOrdersQuery,
    responses: { 200: AllOrdersResponse, ...errorBodies(400, 401, 403) },
  }),
};
