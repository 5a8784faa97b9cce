/** How the admin order screens print dates, states and missing values (§2 Manage Orders, Order Details). */
import type { AdminOrder } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import type { OrderStatus } from '@bindery/contracts/store/checkout';

// US English, as the storefront (prices in USD); the admin's own time zone.
const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' });
const fullDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

const format = (f: Intl.DateTimeFormat, iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? f.format(date) : '—';
};

/** '11/21/26', or a dash when there is no valid date. */
export const formatShortDate = (iso: string | null | undefined) => format(shortDate, iso);
/** 'Saturday, November 21, 2026 at 12:30 PM'. */
export const formatDateTime = (iso: string | null | undefined) => format(fullDateTime, iso);

// Checked against the contract's enum: a new state without a label fails the typecheck.
const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = messages.orderStatus;

export const orderStatusLabel = (status: OrderStatus | null) =>
  status === null ? messages.admin.notOrdered : STATUS_LABELS[status];

export const orderTitle = (order: Pick<AdminOrder, 'title'>) => order.title.trim() || messages.admin.untitledBook;
export const orderEmail = (order: Pick<AdminOrder, 'user_email'>) => order.user_email?.trim() || messages.admin.noEmail;
