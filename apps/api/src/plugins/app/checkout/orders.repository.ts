/**
 * All SQL of checkout: the cart's projects as checkout reads them, and the orders and their items. Functions take
 * the db (or a transaction) first so the service composes them into one transaction.
 * @see kysely example/src/user/user.repository.ts
 */
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, OrderItemsTable, OrdersTable, ProjectsTable } from '../../../db/database.js';

type Db = Kysely<DB> | Transaction<DB>;

export type CartProjectRow = Pick<
  Selectable<ProjectsTable>,
  'id' | 'title' | 'category' | 'page_count' | 'quantity' | 'configuration' | 'updated_at'
>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type NewOrder = Insertable<OrdersTable>;
export type NewOrderItem = Omit<Insertable<OrderItemsTable>, 'order_id'>;

/**
 * The user's live (not deleted) projects among `ids`. With `lock`, the rows are locked FOR SHARE until the
 * transaction ends, so a concurrent delete or edit waits for the order being written (and then sees it).
 */
export async function findCartProjects(
  db: Db,
  userId: number,
  ids: readonly number[],
  lock = false,
): Promise<CartProjectRow[]> {
  let query = db
    .selectFrom('projects')
    .select(['id', 'title', 'category', 'page_count', 'quantity', 'configuration', 'updated_at'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', [...ids])
    .orderBy('id');
  if (lock) query = query.forShare();
  return query.execute();
}

/** Serialises order creation per user (a double click must not race itself into two orders). */
export async function lockUserForOrder(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

export async function insertOrder(trx: Transaction<DB>, order: NewOrder, items: readonly NewOrderItem[]) {
  const row = await trx.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
  const itemRows = await trx
    .insertInto('order_items')
    .values(items.map((item) => ({ ...item, order_id: row.id })))
    .returningAll()
    .execute();
  return { order: row, items: itemRows };
}

/** The items of these orders, in the order they were written. */
export async function findOrderItems(db: Db, orderIds: readonly number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}

/** One of the user's orders (undefined for another user's or an unknown id). */
export async function findUserOrder(db: Db, userId: number, orderId: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's orders, newest first. */
export async function findUserOrders(db: Db, userId: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The user's orders still awaiting payment created after `since` (candidates for a repeated submission). */
export async function findRecentUnpaidOrders(db: Db, userId: number, since: Date): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'awaiting_payment')
    .where(sql<boolean>`created_at >= ${since}`)
    .orderBy('id', 'desc')
    .execute();
}
