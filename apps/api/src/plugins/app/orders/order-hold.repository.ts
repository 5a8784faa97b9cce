/**
 * The SQL of holds and of the cancel window (docs/decisions/0072): the customer's order locked for a change, the
 * difference a replacement made, another address, and the held orders a reminder is due for (bounded batches on
 * orders_on_hold_idx).
 */
import { sql, type Transaction } from 'kysely';
import type { DB, Db } from '#db/database.js';
import type { OrderRow } from './orders.repository.js';

/** One of the customer's orders, locked for the change (undefined for another's or an unknown id). */
export function lockUserOrder(
  trx: Transaction<DB>,
  userId: number,
  id: number,
): Promise<OrderRow | undefined> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Any order, locked for a change (a difference payment settles against it: docs/decisions/0077). */
export function lockOrder(trx: Transaction<DB>, id: number): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Adds a replacement's price difference (signed cents) to the hold's; a higher one also names what made it (the
 * adjustment invoice's line, ADR 0077).
 */
export async function addHoldDifference(
  trx: Transaction<DB>,
  id: number,
  cents: number,
  now: Date,
  what?: string,
) {
  await trx
    .updateTable('orders')
    .set({
      hold_difference_cents: sql<number>`coalesce(hold_difference_cents, 0) + ${cents}`,
      ...(what
        ? { hold_difference_note: sql<string>`left(concat_ws('; ', hold_difference_note, ${what}::text), 1000)` }
        : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** A difference payment counted for the hold (docs/decisions/0077). */
export async function addDifferencePaid(trx: Transaction<DB>, id: number, cents: number, now: Date) {
  await trx
    .updateTable('orders')
    .set({
      hold_difference_paid_cents: sql<number>`coalesce(hold_difference_paid_cents, 0) + ${cents}`,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** The address of a paid order, only while it is still paid (the guard of a move: one winner). */
export async function updatePaidAddress(trx: Transaction<DB>, id: number, address: string, now: Date) {
  const row = await trx
    .updateTable('orders')
    .set({ address, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Held orders whose customer reminder (`who` customer) or staff reminder is due, oldest hold first. */
export function heldOrdersDue(db: Db, who: 'customer' | 'staff', before: Date, limit: number) {
  const column = who === 'customer' ? 'hold_reminded_customer_at' : 'hold_reminded_staff_at';
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'on_hold')
    .where('on_hold_at', '<=', before)
    .where(column, 'is', null);
  if (who === 'staff') query = query.where('hold_reminded_customer_at', 'is not', null);
  return query.orderBy('on_hold_at').orderBy('id').limit(limit).execute();
}

/** Marks a reminder sent, only if the order is still in the same hold (a release or new hold meanwhile: no). */
export async function markReminded(
  trx: Transaction<DB>,
  order: Pick<OrderRow, 'id' | 'on_hold_at'>,
  who: 'customer' | 'staff',
  now: Date,
): Promise<boolean> {
  const column = who === 'customer' ? 'hold_reminded_customer_at' : 'hold_reminded_staff_at';
  const row = await trx
    .updateTable('orders')
    .set({ [column]: now })
    .where('id', '=', order.id)
    .where('status', '=', 'on_hold')
    .where('on_hold_at', '=', order.on_hold_at)
    .where(column, 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
