/**
 * How the sales report names methods, order states and days, and which days a period may have: the words and
 * formats its parts share (sales-report, sales-period, sales-per-day, sales-payments).
 */
import type { SalesDay, SalesMethod } from '@bindery/contracts/admin/sales';
import { messages } from '@bindery/contracts/messages';
import type { ChartDay } from '../components/sales-chart';

export const METHOD_LABELS = { card: 'Card (Stripe)', paypal: 'PayPal' } as const;
export const methodLabel = (m: SalesMethod) => (m === null ? 'No payment started' : METHOD_LABELS[m]);
export const statusLabel = (status: string) =>
  Object.hasOwn(messages.orderStatus, status)
    ? messages.orderStatus[status as keyof typeof messages.orderStatus]
    : status;

/** A day as the address and the date fields write it (YYYY-MM-DD). */
export const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
export const daysBefore = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));
export const paidAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The per-day view: every method together, or one. */
export type Filter = 'all' | 'card' | 'paypal';

/** The server's days as the chart draws them, for all methods or one (a day without that method is zero). */
export function chartDays(days: SalesDay[], filter: Filter): ChartDay[] {
  return days.map((d) => {
    const f = filter === 'all' ? d : d.methods.find((m) => m.method === filter);
    return {
      date: d.date,
      paid: f?.paid_cents ?? 0,
      refunded: f?.refunded_cents ?? 0,
      outstanding: f?.outstanding_cents ?? 0,
    };
  });
}
