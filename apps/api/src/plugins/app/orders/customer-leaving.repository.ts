/** SQL of customer-leaving.ts: the orders of an account that is being deleted (docs/decisions/0074). */
import type { Transaction } from 'kysely';
import type { DB } from '#db/database.js';

/**
 * The account's orders still awaiting payment, locked (id order, as every writer of several orders locks them).
 * The caller holds the user row already, so checkout cannot add one meanwhile.
 */
export async function lockUnpaidOrdersOfCustomer(trx: Transaction<DB>, userId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'awaiting_payment')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}
