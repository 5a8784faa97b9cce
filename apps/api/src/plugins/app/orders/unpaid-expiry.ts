/**
 * The expiry of unpaid orders (docs/decisions/0020, 0022): an order lifecycle job, run as `orders.expire-unpaid`
 * (orders.plugin.ts). An order that still awaits payment past `expires_at` (placed + UNPAID_ORDER_TTL_HOURS) has
 * its open payment attempts asked about first (money that arrived before the end pays it), then closed (the
 * Checkout Session expired at Stripe; the PayPal order simply never captured) by the payments module, then it is
 * canceled by the system. An attempt that cannot be closed (no answer) keeps its order for the next run: canceling
 * it could leave a session that still takes money.
 */
import type { Kysely } from 'kysely';
import type { AttemptOutcome } from '@bindery/contracts/admin/payments';
import { messages } from '@bindery/contracts/messages';
import type { DB } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import { findExpiredOrders, findOrder } from './orders.repository.js';

/** Per run: bounded work, the rest next period. */
const BATCH = 50;

/** Asks about, then closes, each open payment attempt of one order (the payments module). */
export type CloseOrderAttempts = (orderId: number) => Promise<AttemptOutcome[]>;

export interface UnpaidExpiryDeps {
  db: Kysely<DB>;
  closeOrderAttempts: CloseOrderAttempts;
  /** The orders module's move in its own transaction, by the system. */
  cancel: (orderId: number, note: string) => Promise<unknown>;
  unpaidOrderTtlHours: number;
}

export async function expireUnpaid(deps: UnpaidExpiryDeps, now: Date): Promise<Record<string, number>> {
  const { db, closeOrderAttempts, cancel } = deps;
  let canceled = 0;
  let paid = 0;
  let postponed = 0;
  for (const due of await findExpiredOrders(db, now, BATCH)) {
    let open = false;
    for (const outcome of await closeOrderAttempts(due.id)) {
      if (outcome === 'paid') paid += 1;
      if (outcome === 'open' || outcome === 'processing' || outcome === 'unreachable') open = true;
    }
    const order = await findOrder(db, due.id);
    if (order?.status !== 'awaiting_payment') continue;
    if (open) {
      postponed += 1;
      continue;
    }
    try {
      await cancel(order.id, messages.money.expiredNote(deps.unpaidOrderTtlHours));
      canceled += 1;
    } catch (error) {
      // Paid or canceled meanwhile by someone else: nothing left to expire.
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return { canceled, paid, postponed };
}
