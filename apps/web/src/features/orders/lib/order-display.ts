/** How the customer's order screens print statuses and dates (one wording with the admin: messages.orderStatus). */
import type { StatusTone } from '@bindery/ui/status-badge';
import { messages } from '@bindery/contracts/messages';
import { isPaidStatus, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import type { Order } from '@bindery/contracts/store/checkout';

// Checked against the contract's enum: a new state without a label or a colour fails the typecheck.
const LABELS: Readonly<Record<OrderStatus, string>> = messages.orderStatus;
const TONES: Readonly<Record<OrderStatus, StatusTone>> = {
  awaiting_payment: 'warning',
  paid: 'info',
  in_production: 'progress',
  shipped: 'progress',
  delivered: 'success',
  canceled: 'neutral',
};

export const statusLabel = (status: OrderStatus) => LABELS[status];
export const statusTone = (status: OrderStatus) => TONES[status];
export { isPaidStatus };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const format = (f: Intl.DateTimeFormat, iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? f.format(date) : '—';
};
/** 'Nov 22, 2026'. */
export const formatDate = (iso: string | null | undefined) => format(dateFormat, iso);
/** 'Nov 22, 2026, 10:05 AM'. */
export const formatDateTime = (iso: string | null | undefined) => format(dateTimeFormat, iso);

/** A money text the server sent is more than zero ("0.00" is not). */
export const isPositive = (amount: string) => /[1-9]/.test(amount);

/** The steps an order goes through, for the progress line of the order page. */
export const PROGRESS: readonly OrderStatus[] = [
  'awaiting_payment',
  'paid',
  'in_production',
  'shipped',
  'delivered',
];

/** An order of e-books alone: nothing shipped, its one service the download (docs/decisions/0034). */
export const isDigitalOrder = (order: Pick<Order, 'shipping_service'>): boolean =>
  order.shipping_service.service_code === messages.checkout.digitalDelivery.code;
