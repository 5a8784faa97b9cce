/**
 * The hold and the cancel window as the order shapes show them (docs/decisions/0072): what is wrong and what to
 * do while on hold, and until when a paid order may still be canceled (the customer) or not yet produced (staff).
 */
import { holdReasonTexts, type OrderHold } from '@bindery/contracts/store/order-hold';
import { formatCents } from '@bindery/pricing/money';
import { differenceDue } from './order-difference.js';
import type { OrderRow } from './orders.repository.js';

const when = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** The hold of an order on hold; null otherwise. */
export function holdOf(row: OrderRow): OrderHold | null {
  if (row.status !== 'on_hold' || !row.hold_reason || !row.held_from || row.on_hold_at === null) return null;
  const texts = holdReasonTexts[row.hold_reason];
  const difference = row.hold_difference_cents === null ? null : Number(row.hold_difference_cents);
  const due = differenceDue(row);
  const paid = Number(row.hold_difference_paid_cents ?? 0);
  return {
    reason: row.hold_reason,
    reason_label: texts.label,
    todo: texts.todo,
    message: row.hold_message ?? '',
    held_from: row.held_from,
    since: when(row.on_hold_at).toISOString(),
    price_difference:
      difference === null || difference === 0
        ? null
        : `${difference < 0 ? '-' : ''}${formatCents(Math.abs(difference))}`,
    difference_due: due > 0 ? formatCents(due) : null,
    difference_paid: paid > 0 ? formatCents(paid) : null,
  };
}

/** The end of the cancel window of a paid order: payment + the production delay. */
export function productionAllowedAt(row: Pick<OrderRow, 'paid_at'>, delayMs: number): Date | null {
  return row.paid_at === null ? null : new Date(when(row.paid_at).getTime() + delayMs);
}

/** Until when the customer may still cancel or change the address: only while paid and within the window. */
export function cancelableUntil(row: OrderRow, delayMs: number, now: Date): string | null {
  const end = productionAllowedAt(row, delayMs);
  return row.status === 'paid' && end !== null && end > now ? end.toISOString() : null;
}
