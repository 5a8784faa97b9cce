/** How the admin order screens print dates, money, states and people (Manage Orders, Order Details, dashboard). */
import { formatWhen } from '@bindery/ui/format';
import { messages } from '@bindery/contracts/messages';

// US English, as the storefront (prices in USD); the admin's own time zone.
const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' });
const mediumDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const fullDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

/** '11/21/26', or a dash when there is no valid date. */
export const formatShortDate = (iso: string | null | undefined) => formatWhen(shortDate, iso);
/** 'Nov 21, 2026, 12:30 PM'. */
export const formatDateTimeShort = (iso: string | null | undefined) => formatWhen(mediumDateTime, iso);
/** 'Saturday, November 21, 2026 at 12:30 PM'. */
export const formatDateTime = (iso: string | null | undefined) => formatWhen(fullDateTime, iso);

export { formatUsd } from '@bindery/ui/format';

export const PAYMENT_METHOD_LABELS = { card: 'Card (Stripe)', paypal: 'PayPal' } as const;
export const paymentMethodLabel = (method: keyof typeof PAYMENT_METHOD_LABELS | null) =>
  method === null ? '—' : PAYMENT_METHOD_LABELS[method];

export const customerEmail = (email: string) => email.trim() || messages.admin.noEmail;
