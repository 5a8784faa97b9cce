/** How the admin order screens print dates, money, states and people (Manage Orders, Order Details, dashboard). */
import type { StatusTone } from '@bindery/ui/status-badge';
import { messages } from '@bindery/contracts/messages';
import type { OrderStatus } from '@bindery/contracts/store/checkout';

// US English, as the storefront (prices in USD); the admin's own time zone.
const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' });
const mediumDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const fullDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

const format = (f: Intl.DateTimeFormat, iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? f.format(date) : '—';
};

/** '11/21/26', or a dash when there is no valid date. */
export const formatShortDate = (iso: string | null | undefined) => format(shortDate, iso);
/** 'Nov 21, 2026, 12:30 PM'. */
export const formatDateTimeShort = (iso: string | null | undefined) => format(mediumDateTime, iso);
/** 'Saturday, November 21, 2026 at 12:30 PM'. */
export const formatDateTime = (iso: string | null | undefined) => format(fullDateTime, iso);

export { formatUsd, formatUsdCents } from '#lib/format-usd.ts';

// Checked against the contract's enum: a new state without a label or a colour fails the typecheck.
const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = messages.orderStatus;
const STATUS_TONES: Readonly<Record<OrderStatus, StatusTone>> = {
  awaiting_payment: 'warning',
  paid: 'info',
  in_production: 'progress',
  shipped: 'progress',
  delivered: 'success',
  canceled: 'neutral',
};

export const orderStatusLabel = (status: OrderStatus) => STATUS_LABELS[status];
export const orderStatusTone = (status: OrderStatus) => STATUS_TONES[status];

export const PAYMENT_METHOD_LABELS = { card: 'Card (Stripe)', paypal: 'PayPal' } as const;
export const paymentMethodLabel = (method: keyof typeof PAYMENT_METHOD_LABELS | null) =>
  method === null ? '—' : PAYMENT_METHOD_LABELS[method];

export const customerEmail = (email: string) => email.trim() || messages.admin.noEmail;
