/**
 * The SQL of checkout: the cart's projects as checkout reads them, the per-user lock of order submission and the
 * unpaid orders a repeated submission may match. Orders themselves are written and read by the orders module
 * (plugins/app/orders). Functions take the db (or a transaction) first so the service composes them.
 * @see kysely example/src/user/user.repository.ts
 */
import { sql, type Selectable, type Transaction } from 'kysely';
import type { DB, Db, OrdersTable, ProjectsTable } from '#db/database.js';

export type CartProjectRow = Pick<
  Selectable<ProjectsTable>,
  | 'id'
  | 'title'
  | 'category'
  | 'page_count'
  | 'quantity'
  | 'configuration'
  | 'updated_at'
  | 'status'
  | 'proof_of'
>;
export type OrderRow = Selectable<OrdersTable>;

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
    .select([
      'id',
      'title',
      'category',
      'page_count',
      'quantity',
      'configuration',
      'updated_at',
      'status',
      'proof_of',
    ])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('id', 'in', [...ids])
    .orderBy('id');
  if (lock) query = query.forShare();
  return query.execute();
}

/**
 * Serialises order creation per user (a double click, two tabs or two requests at once must not race into two
 * orders of the same books); answers the user's name (the timeline's label for what they do).
 */
export async function lockUserForOrder(trx: Transaction<DB>, userId: number): Promise<{ name: string }> {
  return trx
    .selectFrom('users')
    .select('name')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The orders still awaiting payment that hold any of these projects (what a checkout of them would supersede). */
export async function findPayableOrdersOf(db: Db, projectIds: readonly number[]): Promise<number[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .selectFrom('order_items')
    .select('order_id')
    .distinct()
    .where('project_id', 'in', [...projectIds])
    .where('payable', '=', true)
    .execute();
  return rows.map((r) => r.order_id);
}

/**
 * The orders still awaiting payment that hold any of these projects (their payable items, ADR 0051), locked FOR
 * UPDATE: orders before projects, the order a delete, an edit and a payment lock them in.
 */
export async function lockPayableOrdersOf(
  trx: Transaction<DB>,
  projectIds: readonly number[],
): Promise<number[]> {
  if (projectIds.length === 0) return [];
  const rows = await trx
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'awaiting_payment')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('order_items')
        .select('order_id')
        .where('project_id', 'in', [...projectIds])
        .where('payable', '=', true),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
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

/**
 * Whether the user has used the first-print discount (docs/decisions/0033): an order of theirs was ever paid
 * (whatever became of it), or one still holds the discount (not canceled) other than those the cart supersedes. Served by the orders' user_id index and
 * the partial unique index orders_first_print_discount_key.
 */
export async function firstPrintTaken(
  db: Db,
  userId: number,
  /** Unpaid orders this cart would supersede (ADR 0051): what they hold is given back by the new order. */
  superseded: readonly number[] = [],
): Promise<boolean> {
  let query = db.selectFrom('orders').select('id').where('user_id', '=', userId);
  if (superseded.length > 0) query = query.where('id', 'not in', [...superseded]);
  const row = await query
    .where((eb) =>
      eb.or([
        eb('paid_at', 'is not', null),
        eb.and([eb('discount_cents', '>', 0), eb('status', '<>', 'canceled')]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
