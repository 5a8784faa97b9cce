/**
 * A hold's higher price difference, collected (docs/decisions/0077). A replacement whose new page count costs
 * more adds to `hold_difference_cents` (order-hold.ts); the customer pays what is due through the payment routes
 * with `purpose: 'difference'`, as a payment row of its own. The payments module settles it here, inside its
 * paying transaction: the order is locked, the payment must be for exactly what is due now (else it is money that
 * arrived twice, refunded as a duplicate), the hold's paid sum grows, an event goes on the timeline and the
 * adjustment invoice is issued (the invoices module). The order stays on hold; staff release it once nothing is due.
 */
import type { Transaction } from 'kysely';
import { messages } from '@bindery/contracts/messages';
import { holdTexts } from '@bindery/contracts/store/order-hold';
import { formatCents } from '@bindery/pricing/money';
import type { DB } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import { createOrderFacts } from './order-facts.js';
import { addDifferencePaid, lockOrder } from './order-hold.repository.js';
import { orderNotFound, systemActor, type OrdersDeps } from './order-types.js';
import { findUserOrder, type OrderRow } from './orders.repository.js';

/** What is still to pay of this hold's higher difference (0 when nothing: not on hold, lower, or paid). */
export function differenceDue(
  row: Pick<OrderRow, 'status' | 'hold_difference_cents' | 'hold_difference_paid_cents'>,
): number {
  if (row.status !== 'on_hold') return 0;
  const difference = Number(row.hold_difference_cents ?? 0);
  return Math.max(0, difference - Number(row.hold_difference_paid_cents ?? 0));
}

/** The difference to collect from the customer: the order, the cents and what the invoice line names. */
export interface DifferenceToPay {
  order: OrderRow;
  cents: number;
  what: string;
}

export function createOrderDifference(deps: Pick<OrdersDeps, 'db' | 'clock' | 'invoicer'>) {
  const { db, clock } = deps;
  const { recordNoteWithin } = createOrderFacts({ db, clock });

  /** The caller's order on hold with a difference due (404 another's; 409 not on hold or nothing due). */
  async function differenceToPay(userId: number, orderId: number): Promise<DifferenceToPay> {
    const order = await findUserOrder(db, userId, orderId);
    if (!order) throw new DomainError('not_found', messages.checkout.orderNotFound, { code: 'NOT_FOUND' });
    if (order.status !== 'on_hold') {
      throw new DomainError('conflict', holdTexts.notOnHold(order.order_number), { code: 'ORDER_NOT_ON_HOLD' });
    }
    const cents = differenceDue(order);
    if (cents <= 0) {
      throw new DomainError('conflict', holdTexts.notDue(order.order_number), { code: 'NO_DIFFERENCE_DUE' });
    }
    return { order, cents, what: order.hold_difference_note ?? order.order_number };
  }

  /**
   * Money of a difference payment arrived (the payments module's settle, inside its transaction): counted when it
   * is exactly what is due now; otherwise 'not_due' (the caller marks it a duplicate, refunded after the commit).
   */
  async function payDifferenceWithin(
    trx: Transaction<DB>,
    args: { orderId: number; paymentId: number; cents: number; method: 'card' | 'paypal' },
  ): Promise<'paid' | 'not_due'> {
    const order = await lockOrder(trx, args.orderId);
    if (!order) throw orderNotFound();
    const due = differenceDue(order);
    if (due <= 0 || due !== args.cents) return 'not_due';
    await addDifferencePaid(trx, order.id, args.cents, clock.now());
    await recordNoteWithin(trx, order, {
      actor: systemActor,
      note: holdTexts.differencePaid(formatCents(args.cents), args.method === 'card' ? 'card' : 'PayPal'),
      internal: false,
    });
    // Last: the invoice number is held until the commit (ADR 0075).
    await deps.invoicer?.issueAdjustmentWithin?.(trx, {
      orderId: order.id,
      paymentId: args.paymentId,
      cents: args.cents,
      what: order.hold_difference_note ?? order.order_number,
      method: args.method,
    });
    return 'paid';
  }

  return { differenceToPay, payDifferenceWithin };
}
