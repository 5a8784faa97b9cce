/**
 * All SQL of refunds (docs/decisions/0022). A refund row is written `pending` (with its idempotency key) in the
 * transaction that checks what is left, before the provider is asked; the provider's answer then completes it
 * (`succeeded`, its refund id) or removes it (a refusal: nothing was refunded).
 */
import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import type { DB, Db, PaymentsTable, RefundsTable } from '#db/database.js';

export type RefundRow = Selectable<RefundsTable>;
type PaymentRow = Selectable<PaymentsTable>;

/** The payment, locked until the transaction ends (two refunds of one payment check what is left in turn). */
export function lockPayment(trx: Transaction<DB>, paymentId: number): Promise<PaymentRow | undefined> {
  return trx.selectFrom('payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirst();
}

/** Cents of the payment refunded or on their way back (pending). */
export async function reservedCents(db: Db, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
    .where('payment_id', '=', paymentId)
    .where('status', 'in', ['pending', 'succeeded'])
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

export function insertRefund(db: Db, refund: Insertable<RefundsTable>): Promise<RefundRow> {
  return db.insertInto('refunds').values(refund).returningAll().executeTakeFirstOrThrow();
}

export function completeRefund(
  db: Db,
  id: number,
  args: { providerRefundId: string; status: RefundRow['status']; at: Date },
): Promise<RefundRow> {
  return db
    .updateTable('refunds')
    .set({ provider_refund_id: args.providerRefundId, status: args.status, updated_at: args.at })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteRefund(db: Db, id: number): Promise<void> {
  await db.deleteFrom('refunds').where('id', '=', id).where('status', '=', 'pending').execute();
}

/** Refunds the provider has not confirmed, made before `before`, oldest first. */
export function findPendingRefunds(db: Db, before: Date, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where('updated_at', '<=', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function touchRefund(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('refunds').set({ updated_at: at }).where('id', '=', id).execute();
}
