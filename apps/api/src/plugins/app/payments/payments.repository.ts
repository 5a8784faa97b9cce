/**
 * All SQL of payments: payment attempts (one row per Stripe Checkout Session or PayPal order), the webhook event
 * log, and the payment half of "money arrived" (the order half is the orders module's `payWithin`). Functions
 * take the db (or a transaction) first so the service composes them into one transaction.
 * @see kysely example/src/user/user.repository.ts
 */
import { sql, type Selectable, type Transaction } from 'kysely';
import type { DB, Db, PaymentsTable } from '#db/database.js';

export type PaymentRow = Selectable<PaymentsTable>;
export type Provider = PaymentsTable['provider'];

/** The number of attempts made with a provider for an order (the next one's idempotency key counts on it). */
export async function countPayments(db: Db, orderId: number, provider: Provider): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('order_id', '=', orderId)
    .where('provider', '=', provider)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest attempt with a provider for an order that is still open on our side. */
export async function findOpenPayment(
  db: Db,
  orderId: number,
  provider: Provider,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('provider', '=', provider)
    .where('status', '=', 'created')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Records an attempt. A double click can make the same request twice with the same idempotency key, so the
 * provider answers with the same session/order both times: the second insert finds the first row.
 */
export async function insertPayment(
  db: Db,
  payment: {
    order_id: number;
    provider: Provider;
    provider_ref: string;
    amount_cents: number;
    /** 'difference': a hold's higher price difference (docs/decisions/0077); 'order' by default. */
    purpose?: PaymentRow['purpose'];
    created_at?: Date;
  },
): Promise<PaymentRow> {
  const inserted = await db
    .insertInto('payments')
    .values(payment)
    .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  // The conflict means the row exists: the same (provider, provider_ref) was recorded first.
  const existing = await findPaymentByRef(db, payment.provider, payment.provider_ref);
  if (!existing)
    throw new Error(`payment ${payment.provider}/${payment.provider_ref} conflicted but is not found`);
  return existing;
}

export async function findPaymentByRef(
  db: Db,
  provider: Provider,
  ref: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
}

/** A payment of one of the user's orders (undefined for another user's or an unknown one). */
export async function findUserPaymentByRef(
  db: Db,
  userId: number,
  provider: Provider,
  ref: string,
): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .selectAll('payments')
    .where('orders.user_id', '=', userId)
    .where('payments.provider', '=', provider)
    .where('payments.provider_ref', '=', ref)
    .executeTakeFirst();
}

/** created → failed/expired; never touches a completed payment. */
export async function closePayment(db: Db, paymentId: number, status: 'failed' | 'expired'): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status, updated_at: sql`now()` })
    .where('id', '=', paymentId)
    .where('status', '=', 'created')
    .execute();
}

/**
 * Records a provider event id, with the order of the payment it is about (looked up in the same statement).
 * Returns undefined when the id was recorded before (a redelivery): the caller then does nothing. Called inside
 * the transaction that applies the event, so an event is recorded exactly when its effect is.
 */
export async function recordEvent(
  db: Db,
  event: { id: string; provider: Provider; type: string; providerRef: string | undefined },
): Promise<{ order_id: number | null } | undefined> {
  return db
    .insertInto('payment_events')
    .values((eb) => ({
      id: event.id,
      provider: event.provider,
      type: event.type,
      order_id:
        event.providerRef === undefined
          ? null
          : eb
              .selectFrom('payments')
              .select('order_id')
              .where('provider', '=', event.provider)
              .where('provider_ref', '=', event.providerRef),
    }))
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('order_id')
    .executeTakeFirst();
}

export type PaidResult =
  /** This call completed the payment and the order became paid. */
  | 'paid'
  /** The payment was completed before (a repeated capture or event): nothing changed. */
  | 'already_completed'
  /** The payment is now completed but the order was no longer awaiting payment (paid twice, or canceled). */
  | 'order_not_payable';

// ---------------------------------------------------------------------------------------------------------------
// Money safety (docs/decisions/0022): settling, duplicates, reconciliation

/**
 * Completes a payment (locked first: a webhook racing a redelivery, a capture racing its retry, and reconciliation
 * wait here) with when the money arrived and what a refund goes back through (PaymentIntent / capture id).
 * Returns the order to pay, or undefined when the payment was completed before (nothing to do).
 */
export async function completePaymentAt(
  trx: Transaction<DB>,
  paymentId: number,
  args: { at: Date; chargeRef: string | null },
): Promise<{ order_id: number } | undefined> {
  const payment = await trx
    .selectFrom('payments')
    .select(['id', 'order_id', 'status'])
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (payment.status === 'completed') return undefined;
  await trx
    .updateTable('payments')
    .set({
      status: 'completed',
      completed_at: args.at,
      updated_at: args.at,
      ...(args.chargeRef ? { charge_ref: args.chargeRef } : {}),
    })
    .where('id', '=', paymentId)
    .execute();
  return { order_id: payment.order_id };
}

/** The money of this payment arrived for an order that no longer awaited it: it is to be refunded in full. */
export async function markDuplicate(db: Db, paymentId: number): Promise<void> {
  await db.updateTable('payments').set({ duplicate: true }).where('id', '=', paymentId).execute();
}

/** The order's attempts still open on our side, oldest first. */
export async function findOpenPayments(db: Db, orderId: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .orderBy('id')
    .execute();
}

/**
 * Open attempts older than `createdBefore`, and every open attempt of an order that no longer awaits payment (to
 * be closed at once: ADR 0051), least recently checked first (each run gets through the list in turn), with their
 * order's status. Bounded by `limit`.
 */
export async function findAttemptsToReconcile(db: Db, createdBefore: Date, limit: number) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .selectAll('payments')
    .select('orders.status as order_status')
    .where('payments.status', '=', 'created')
    .where((eb) =>
      eb.or([
        eb('payments.created_at', '<=', createdBefore),
        // An order that no longer awaits this attempt's money: its total, or its hold's difference (ADR 0077).
        eb.and([eb('payments.purpose', '=', 'order'), eb('orders.status', '<>', 'awaiting_payment')]),
        eb.and([eb('payments.purpose', '=', 'difference'), eb('orders.status', '<>', 'on_hold')]),
      ]),
    )
    .orderBy(sql`payments.checked_at nulls first`)
    .orderBy('payments.id')
    .limit(limit)
    .execute();
}

export async function markChecked(db: Db, paymentId: number, at: Date): Promise<void> {
  await db.updateTable('payments').set({ checked_at: at }).where('id', '=', paymentId).execute();
}

/** One more check without an answer; returns how many there have been (docs/decisions/0064). */
export async function countUnreachable(db: Db, paymentId: number): Promise<number> {
  const row = await db
    .updateTable('payments')
    .set((eb) => ({ unreachable_checks: eb('unreachable_checks', '+', 1) }))
    .where('id', '=', paymentId)
    .returning('unreachable_checks')
    .executeTakeFirst();
  return row?.unreachable_checks ?? 0;
}

/** Duplicate payments not yet refunded in full (pending refunds count as on their way), oldest first. */
export async function findUnrefundedDuplicates(db: Db, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'completed')
    .where('duplicate', '=', true)
    .where(
      sql<boolean>`payments.amount_cents > coalesce((
        select sum(r.amount_cents) from refunds r
        where r.payment_id = payments.id and r.status in ('pending', 'succeeded')), 0)`,
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The order's own money (completed, not duplicates): its payment, then its holds' differences (ADR 0077). */
export async function findOrderPayments(db: Db, orderId: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'completed')
    .where('duplicate', '=', false)
    .orderBy('id')
    .execute();
}
