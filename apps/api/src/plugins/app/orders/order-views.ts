/**
 * Rows → the contracts' order shapes, in one place: the customer's Order and OrderSummary, the admin's row and
 * detail. Money leaves as decimal strings, times as ISO 8601; JSON columns are parsed with their contract schemas.
 * Staff notes marked internal never reach a customer shape.
 */
import { CoverPreflightReport } from '@bindery/contracts/store/cover-preflight';
import { PreflightReport } from '@bindery/contracts/store/preflight';
import type {
  AdminOrderDetail,
  AdminOrderItem,
  AdminOrderRow,
  AdminPayment,
  OrderEvent,
  Refund,
} from '@bindery/contracts/admin/orders';
import { INITIAL_STATUS, isPaidStatus, nextStatuses } from '@bindery/contracts/order-lifecycle';
import {
  Address,
  ShippingService,
  type Order,
  type OrderActor,
  type OrderItem,
  type OrderItemSpecs,
} from '@bindery/contracts/store/checkout';
import type { CustomerOverviewResponse, OrderSummary } from '@bindery/contracts/store/orders';
import { CoverExpertRequest, optionNamesFrom, ProjectCategory } from '@bindery/contracts/store/projects';
import { formatCents } from '@bindery/pricing/money';
import { productByName } from '@bindery/pricing/products';
import { trimByName, trimLabel } from '@bindery/pricing/trim-sizes';
import { taxRateText } from '@bindery/pricing/tax';
import type {
  ItemWithProjectRow,
  OrderEventRow,
  OrderItemRow,
  OrderRow,
  PaymentRow,
  RefundRow,
} from './orders.repository.js';
import { cancelableUntil, holdOf, productionAllowedAt } from './order-hold-views.js';
import { differenceDue } from './order-difference.js';

/** A timestamptz as ISO 8601 (pg gives a Date, PGlite may give text). */
/** When an unpaid order expires; null once it is paid, canceled or past payment ("Expires if unpaid" only applies then). */
function unpaidExpiry(row: { status: string; expires_at: unknown }): string | null {
  return row.status === INITIAL_STATUS ? isoOrNull(row.expires_at) : null;
}

export const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
export const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : iso(value);
const cents = (value: string | number) => formatCents(Number(value));

/** The order's money as the customer's order page and Order Details both show it (decimal strings). */
const amountsOf = (row: OrderRow) => ({
  subtotal: cents(row.subtotal_cents),
  discount: cents(row.discount_cents),
  shipping: cents(row.shipping_cents),
  tax: cents(row.tax_cents),
  tax_rate: taxRateText(row.tax_rate_bp),
  tax_reason: row.tax_reason,
  total: cents(row.total_cents),
});

/** The API path serving a project's file to its owner or an admin (routes/store/projects). */
const fileUrl = (projectId: number, kind: 'pdf' | 'cover') => `/api/book/${projectId}/files/${kind}/`;

/** The API path of an e-book's file in a paid order (routes/store/orders). */
const downloadUrl = (orderId: number, projectId: number, kind: 'pdf' | 'cover') =>
  `/api/orders/${orderId}/downloads/${projectId}/${kind}/`;

/** Whether an order line is a digital product (an e-book), by the category it was ordered as. */
export const isDigitalItem = (item: { category: string }): boolean =>
  productByName(item.category)?.digital === true;

/**
 * A printed book's specifications from its project's options (names as chosen) and page count; the trim with the
 * catalog's dimensions (ADR 0058). Null for an e-book.
 */
function specsOf(row: OrderItemRow): OrderItemSpecs | null {
  if (isDigitalItem(row) || row.options === null) return null;
  const o = optionNamesFrom(row.options);
  return {
    trim_size:
      o.trim_size === null
        ? null
        : trimLabel({ name: o.trim_size, dimensions: trimByName(o.trim_size)?.dimensions }),
    binding: o.binding_type,
    paper_type: o.paper_type,
    interior_color: o.interior_color,
    cover_finish: o.cover_finish,
    extras: o.extras,
    page_count: row.page_count ?? null,
  };
}

/**
 * One line of an order. An e-book's downloads appear once the order's money is taken (`paid`); its files are the
 * project's interior PDF and cover (an e-book project always has a cover: upload-book requires one).
 */
export function toOrderItem(row: OrderItemRow, paid: boolean): OrderItem {
  return {
    project_id: row.project_id,
    title: row.title,
    category: row.category,
    quantity: row.quantity,
    cost_per_book: cents(row.cost_per_book_cents),
    discount_amount: cents(row.discount_cents),
    line_total: cents(row.line_total_cents),
    downloads:
      paid && isDigitalItem(row)
        ? {
            pdf: downloadUrl(row.order_id, row.project_id, 'pdf'),
            cover: downloadUrl(row.order_id, row.project_id, 'cover'),
          }
        : null,
    specs: specsOf(row),
    ...(row.proof
      ? {
          proof: {
            book_id: row.proof_book_id,
            copies: row.proof_book_copies,
            approved_at: row.proof_approved_at === null ? null : iso(row.proof_approved_at),
          },
        }
      : {}),
  };
}

export function toActor(row: {
  actor_type: OrderActor['type'];
  actor_user_id: number | null;
  actor_label: string;
}): OrderActor {
  return { type: row.actor_type, user_id: row.actor_user_id, label: row.actor_label };
}

const succeeded = (refunds: readonly RefundRow[]) => refunds.filter((r) => r.status === 'succeeded');
const sumCents = (rows: readonly Pick<RefundRow, 'amount_cents'>[]) =>
  rows.reduce((sum, r) => sum + Number(r.amount_cents), 0);

/** The customer's order: items, amounts, timeline (notes only where staff shared them), tracking, refunds. */
export function toOrder(
  row: OrderRow,
  items: readonly OrderItemRow[],
  events: readonly OrderEventRow[],
  refunds: readonly RefundRow[],
  window: { delayMs: number; now: Date },
): Order {
  const done = succeeded(refunds);
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    currency: 'USD',
    items: items.map((i) => toOrderItem(i, isPaidStatus(row.status))),
    ...amountsOf(row),
    // The stored JSON also keeps the carrier's own charge (for the books); the contract shape drops it.
    shipping_service: ShippingService.parse(row.shipping_service),
    address: Address.parse(row.address),
    payment_method: row.payment_method,
    paid_at: isoOrNull(row.paid_at),
    created_at: iso(row.created_at),
    expires_at: unpaidExpiry(row),
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    tracking_url: row.tracking_url,
    timeline: events.map((e) => ({
      from: e.from_status,
      status: e.to_status,
      at: iso(e.created_at),
      note: e.internal ? null : e.note,
    })),
    refunded: formatCents(sumCents(done)),
    refunds: done.map((r) => ({ amount: cents(r.amount_cents), created_at: iso(r.created_at) })),
    hold: holdOf(row),
    cancelable_until: cancelableUntil(row, window.delayMs, window.now),
  };
}

export function toOrderSummary(
  row: OrderRow,
  items: readonly OrderItemRow[],
  refunds: readonly RefundRow[],
): OrderSummary {
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    currency: 'USD',
    total: cents(row.total_cents),
    created_at: iso(row.created_at),
    paid_at: isoOrNull(row.paid_at),
    payment_method: row.payment_method,
    item_count: items.length,
    items: items.map((i) => ({ project_id: i.project_id, title: i.title, quantity: i.quantity })),
    refunded: formatCents(sumCents(succeeded(refunds))),
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    tracking_url: row.tracking_url,
  };
}

export function toAdminRow(row: OrderRow & { item_count: string | number | null }): AdminOrderRow {
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    created_at: iso(row.created_at),
    paid_at: isoOrNull(row.paid_at),
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    item_count: Number(row.item_count ?? 0),
    total: cents(row.total_cents),
    currency: 'USD',
    payment_method: row.payment_method,
  };
}

export function toOrderEvent(row: OrderEventRow): OrderEvent {
  return {
    id: row.id,
    from: row.from_status,
    to: row.to_status,
    actor: toActor(row),
    note: row.note,
    internal: row.internal,
    created_at: iso(row.created_at),
  };
}

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    payment_id: row.payment_id,
    provider: row.provider,
    provider_refund_id: row.provider_refund_id,
    amount: cents(row.amount_cents),
    reason: row.reason,
    status: row.status,
    actor: toActor(row),
    created_at: iso(row.created_at),
  };
}

export function toAdminPayment(row: PaymentRow): AdminPayment {
  return {
    id: row.id,
    provider: row.provider,
    method: row.provider === 'stripe' ? 'card' : 'paypal',
    provider_reference: row.provider_ref,
    charge_reference: row.charge_ref,
    amount: cents(row.amount_cents),
    status: row.status,
    created_at: iso(row.created_at),
  };
}

function toAdminItem(row: ItemWithProjectRow, paid: boolean): AdminOrderItem {
  const file = (kind: 'pdf' | 'cover', name: string, type: string, size: string | number | null) => ({
    file_name: name,
    content_type: type,
    size_bytes: Number(size ?? 0),
    url: fileUrl(row.project_id, kind),
    download_url: `${fileUrl(row.project_id, kind)}?download=true`,
  });
  const expert = CoverExpertRequest.safeParse(row.cover_expert);
  return {
    ...toOrderItem(row, paid),
    category: ProjectCategory.parse(row.category),
    language: row.language,
    page_count: row.page_count,
    options: optionNamesFrom(row.options),
    pdf_file: file('pdf', row.pdf_file_name, row.pdf_content_type, row.pdf_size_bytes),
    cover_file:
      row.cover_file_name === null
        ? null
        : file(
            'cover',
            row.cover_file_name,
            row.cover_content_type ?? 'application/octet-stream',
            row.cover_size_bytes,
          ),
    cover_expert: expert.success ? expert.data : null,
    // The interior's print check as saved with the book (ADR 0070): what staff read before printing.
    preflight: PreflightReport.nullable()
      .catch(null)
      .parse(row.preflight ?? null),
    // The cover's, beside it (ADR 0069): a report stored in an older shape reads as none rather than failing.
    cover_preflight: CoverPreflightReport.nullable()
      .catch(null)
      .parse(row.cover_preflight ?? null),
  };
}

export interface AdminDetailParts {
  row: OrderRow;
  items: readonly ItemWithProjectRow[];
  events: readonly OrderEventRow[];
  refunds: readonly RefundRow[];
  payments: readonly PaymentRow[];
  accountDeleted: boolean;
  delayMs: number;
}

export function toAdminDetail({
  row,
  items,
  events,
  refunds,
  payments,
  accountDeleted,
  delayMs,
}: AdminDetailParts): AdminOrderDetail {
  // Money that arrived twice is not the order's: its automatic refund is listed, not counted (ADR 0022).
  const duplicates = new Set(payments.filter((p) => p.duplicate).map((p) => p.id));
  const refunded = sumCents(succeeded(refunds).filter((r) => !duplicates.has(r.payment_id)));
  const completed = payments.find((p) => p.status === 'completed' && !p.duplicate);
  // A hold's paid difference is the order's money too (docs/decisions/0077).
  const differences = sumCents(
    payments.filter((p) => p.purpose === 'difference' && p.status === 'completed' && !p.duplicate),
  );
  const paidCents = row.paid_at === null ? 0 : Number(row.total_cents) + differences;
  const service = row.shipping_service as { carrier_charge_cents?: unknown };
  return {
    id: row.id,
    order_number: row.order_number,
    status: row.status,
    // A hold is released only back to where it was (the table's held_from), and not while a higher price
    // difference is unpaid (docs/decisions/0077): the other release, or an early one, is not offered.
    next_statuses: nextStatuses(row.status, 'staff').filter(
      (to) =>
        row.status !== 'on_hold' || to === 'canceled' || (to === row.held_from && differenceDue(row) === 0),
    ),
    currency: 'USD',
    created_at: iso(row.created_at),
    paid_at: isoOrNull(row.paid_at),
    in_production_at: isoOrNull(row.in_production_at),
    on_hold_at: isoOrNull(row.on_hold_at),
    shipped_at: isoOrNull(row.shipped_at),
    delivered_at: isoOrNull(row.delivered_at),
    canceled_at: isoOrNull(row.canceled_at),
    expires_at: unpaidExpiry(row),
    hold: holdOf(row),
    production_allowed_at: row.status === 'paid' ? isoOrNull(productionAllowedAt(row, delayMs)) : null,
    customer: {
      user_id: row.user_id,
      name: row.customer_name,
      email: row.customer_email,
      account_deleted: accountDeleted,
    },
    items: items.map((i) => toAdminItem(i, isPaidStatus(row.status))),
    address: Address.parse(row.address),
    shipping_service: ShippingService.parse(row.shipping_service),
    carrier_charge:
      typeof service.carrier_charge_cents === 'number' ? formatCents(service.carrier_charge_cents) : null,
    weight_grams: row.weight_grams,
    ...amountsOf(row),
    payment_method: row.payment_method,
    payment_reference: completed?.provider_ref ?? null,
    charge_reference: completed?.charge_ref ?? null,
    payments: payments.map(toAdminPayment),
    refunded: formatCents(refunded),
    refundable: formatCents(Math.max(0, paidCents - refunded)),
    refunds: refunds.map(toRefund),
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    tracking_url: row.tracking_url,
    events: events.map(toOrderEvent),
  };
}

/** The buyer's overview (ADR 0058): what to pay (each order to link), what was spent after refunds, what is open. */
export function toCustomerOverview(o: {
  paid_cents: string | number;
  awaiting_cents: string | number;
  refunded_cents: string | number;
  open: string | number;
  delivered: string | number;
  awaiting: string | number;
  canceled: string | number;
  last_paid_at: unknown;
  unpaid: readonly {
    id: number;
    order_number: string;
    total_cents: string | number;
    created_at: unknown;
    expires_at: unknown;
  }[];
}): CustomerOverviewResponse {
  return {
    currency: 'USD',
    unpaid: {
      count: Number(o.awaiting),
      total: cents(o.awaiting_cents),
      orders: o.unpaid.map((u) => ({
        id: u.id,
        order_number: u.order_number,
        total: cents(u.total_cents),
        created_at: iso(u.created_at),
        expires_at: isoOrNull(u.expires_at),
      })),
    },
    spent_total: formatCents(Math.max(0, Number(o.paid_cents) - Number(o.refunded_cents))),
    refunded_total: cents(o.refunded_cents),
    counts: { open: Number(o.open), delivered: Number(o.delivered), canceled: Number(o.canceled) },
    last_paid_at: isoOrNull(o.last_paid_at),
  };
}
