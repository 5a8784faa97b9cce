/**
 * All SQL of payments: payment attempts (one row per Stripe Checkout Session or PayPal order), the webhook event
 * log, and the one "order paid" write. Functions take the db (or a transaction) first so the service composes
 * them into one transaction. Orders and their items are read with checkout's repository (orders.repository.ts).
 * @see kysely example/src/user/user.repository.ts
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, PaymentsTable } from '../../../db/database.js';

type Db = Kysely<DB> | Transaction<DB>;

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
  payment: { order_id: number; provider: Provider; provider_ref: string; amount_cents: number },
): Promise<PaymentRow> {
  const inserted = await db
    .insertInto('payments')
    .values(payment)
    .onConflict((oc) => oc.columns(['provider', 'provider_ref']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await findPaymentByRef(db, payment.provider, payment.provider_ref))!;
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

/** The other attempts of an order still open on our side (to close them once it is paid). */
export async function findOtherOpenPayments(
  db: Db,
  orderId: number,
  exceptId: number,
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('id', '!=', exceptId)
    .where('status', '=', 'created')
    .execute();
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

/**
 * The one "money arrived" write, in one transaction: the payment becomes completed; the order becomes paid
 * (paid_at, payment_method) only if it still awaits payment; its projects become 'ordered'. Row locks (payment,
 * then order) serialise a webhook racing a redelivery or a PayPal capture racing its retry.
 */
export async function markPaid(
  trx: Transaction<DB>,
  paymentId: number,
  method: 'card' | 'paypal',
): Promise<PaidResult> {
  const payment = await trx
    .selectFrom('payments')
    .select(['id', 'order_id', 'status'])
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (payment.status === 'completed') return 'already_completed';
  await trx
    .updateTable('payments')
    .set({ status: 'completed', updated_at: sql`now()` })
    .where('id', '=', paymentId)
    .execute();
  const order = await trx
    .updateTable('orders')
    .set({ status: 'paid', paid_at: sql`now()`, payment_method: method, updated_at: sql`now()` })
    .where('id', '=', payment.order_id)
    .where('status', '=', 'awaiting_payment')
    .returning('id')
    .executeTakeFirst();
  if (!order) return 'order_not_payable';
  await trx
    .updateTable('projects')
    .set({ status: 'ordered', updated_at: sql`now()` })
    .where('id', 'in', (eb) =>
      eb.selectFrom('order_items').select('project_id').where('order_id', '=', payment.order_id),
    )
    .execute();
  return 'paid';
}

/** Whom to thank for a paid order. */
export async function findOrderOwner(
  db: Db,
  orderId: number,
): Promise<{ email: string; name: string } | undefined> {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['users.email', 'users.name'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}
