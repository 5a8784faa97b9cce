/** How the admin order screens print dates, money, states and people (Manage Orders, Order Details, dashboard). */
import { formatWhen } from '@bindery/ui/format';
import { messages } from '@bindery/contracts/messages';

// US English, as the storefront (prices in USD); the admin's own time zone.
const mediumDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const fullDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

/** 'Nov 21, 2026, 12:30 PM'. */
export const formatDateTimeShort = (iso: string | null | undefined) => formatWhen(mediumDateTime, iso);
/** 'Saturday, November 21, 2026 at 12:30 PM'. */
export const formatDateTime = (iso: string | null | undefined) => formatWhen(fullDateTime, iso);

export { formatUsd } from '@bindery/ui/format';

export const PAYMENT_METHOD_LABELS = { card: 'Card (Stripe)', paypal: 'PayPal' } as const;
export const paymentMethodLabel = (method: keyof typeof PAYMENT_METHOD_LABELS | null) =>
  method === null ? '—' : PAYMENT_METHOD_LABELS[method];

export const customerEmail = (email: string) => email.trim() || messages.admin.noEmail;
