/** How the customer's order screens print dates and steps (statuses: @bindery/ui/order-status-badge, one wording with the admin). */
import { formatWhen } from '@bindery/ui/format';
import { messages } from '@bindery/contracts/messages';
import { isPaidStatus, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import type { Order } from '@bindery/contracts/store/checkout';

export { isPaidStatus };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Nov 22, 2026'. */
export const formatDate = (iso: string | null | undefined) => formatWhen(dateFormat, iso);
/** 'Nov 22, 2026, 10:05 AM'. */
export const formatDateTime = (iso: string | null | undefined) => formatWhen(dateTimeFormat, iso);

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
