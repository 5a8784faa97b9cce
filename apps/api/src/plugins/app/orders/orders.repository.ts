/**
 * All SQL of the orders module: orders and their items, events, refunds and payments as the order views read
 * them, the guarded status write, the keyset lists of the admin and the customer, and the customer's overview.
 * Functions take the db (or a transaction) first so the service composes them into one transaction.
 * @see kysely example/src/user/user.repository.ts
 * @see docs/decisions/0019-keyset-lists.md, docs/decisions/0020-order-lifecycle.md
 */
import { isFinalStatus, PAID_STATUSES } from '@bindery/contracts/order-lifecycle';

import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import type {
  Db,
  DB,
  OrderEventsTable,
  OrderItemsTable,
  OrdersTable,
  OrderStatusValue,
  PaymentsTable,
  RefundsTable,
} from '#db/database.js';
import { cursorTimeOf } from '#lib/keyset.js';
import { containsPattern } from '#lib/like-pattern.js';

/** Paid orders still on their way (paid, in production, shipped). */
const OPEN_PAID_STATUSES = PAID_STATUSES.filter((status) => !isFinalStatus(status));
export type OrderRow = Selectable<OrdersTable>;
/** A line, read with its project's page count and options (the book's specifications; null without a project). */
export type OrderItemRow = Selectable<OrderItemsTable> & {
  page_count: number | null;
  options: unknown;
  /** A proof line's book (the project it proves, while it exists) and its saved copies (ADR 0078). */
  proof_book_id: number | null;
  proof_book_copies: number | null;
};
export type OrderEventRow = Selectable<OrderEventsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type NewOrder = Insertable<OrdersTable>;
export type NewOrderItem = Omit<Insertable<OrderItemsTable>, 'order_id' | 'payable'>;
export type NewOrderEvent = Insertable<OrderEventsTable>;

/**
 * The keyset position of a row: created_at with its microseconds (a JavaScript Date keeps milliseconds only, and
 * rows written in the same millisecond would be skipped or repeated across pages) and the id.
 */
const cursorTime = cursorTimeOf('orders.created_at');

// ---------------------------------------------------------------------------------------------------------------
// One order

export function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One of the user's orders (undefined for another user's or an unknown id). */
export function findUserOrder(db: Db, userId: number, id: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertOrder(trx: Transaction<DB>, order: NewOrder, items: readonly NewOrderItem[]) {
  const row = await trx.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
  await trx
    .insertInto('order_items')
    // Payable while the order awaits payment: one such item per project (ADR 0051).
    .values(items.map((item) => ({ ...item, order_id: row.id, payable: row.status === 'awaiting_payment' })))
    .execute();
  // Read back with the books' specifications, as every other read of an order's lines (ADR 0058).
  return { order: row, items: await findOrderItems(trx, [row.id]) };
}

/**
 * The order left awaiting_payment: its items no longer hold their projects' one payable order (ADR 0051; the
 * unique index order_items_one_payable_order_per_project).
 */
export async function releasePayableItems(trx: Transaction<DB>, orderId: number): Promise<void> {
  await trx.updateTable('order_items').set({ payable: false }).where('order_id', '=', orderId).execute();
}

/**
 * The one status write: `from → to` only if the order is still in `from`. Under READ COMMITTED a concurrent
 * move of the same order makes this wait for the other transaction, then re-check the condition on the row it
 * committed, which no longer matches: undefined, and the caller answers 409. Two staff acting at once therefore
 * give one move and one refusal, without a lock held while anything else happens.
 */
export function updateStatus(
  trx: Transaction<DB>,
  id: number,
  from: OrderStatusValue,
  to: OrderStatusValue,
  changes: Updateable<OrdersTable>,
): Promise<OrderRow | undefined> {
  return trx
    .updateTable('orders')
    .set({ ...changes, status: to })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A proof line approved (ADR 0078), once: the guard is the row's own `proof_approved_at is null`, so two approvals
 * at once give one stamp and one undefined. Only a proof line of the order.
 */
export function stampProofApproved(
  trx: Transaction<DB>,
  orderId: number,
  projectId: number,
  at: Date,
): Promise<{ id: number } | undefined> {
  return trx
    .updateTable('order_items')
    .set({ proof_approved_at: at })
    .where('order_id', '=', orderId)
    .where('project_id', '=', projectId)
    .where('proof', '=', true)
    .where('proof_approved_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

export async function insertEvent(db: Db, event: NewOrderEvent): Promise<OrderEventRow> {
  return db.insertInto('order_events').values(event).returningAll().executeTakeFirstOrThrow();
}

/** The order's books become ordered (paid): they can no longer be edited or deleted (docs/decisions/0012). */
export async function markProjectsOrdered(db: Db, orderId: number, at: Date): Promise<void> {
  await db
    .updateTable('projects')
    .set({ status: 'ordered', updated_at: at })
    .where('id', 'in', (eb) =>
      eb.selectFrom('order_items').select('project_id').where('order_id', '=', orderId),
    )
    .execute();
}

/**
 * After a paid order is canceled its books are drafts again, unless another order still holds them paid (a
 * reprint of the same project): then they stay ordered.
 */
export async function releaseProjects(db: Db, orderId: number, at: Date): Promise<void> {
  await db
    .updateTable('projects')
    .set({ status: 'draft', updated_at: at })
    .where('id', 'in', (eb) =>
      eb.selectFrom('order_items').select('project_id').where('order_id', '=', orderId),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('order_items as other_item')
            .innerJoin('orders as other', 'other.id', 'other_item.order_id')
            .select('other.id')
            .whereRef('other_item.project_id', '=', 'projects.id')
            .where('other.id', '!=', orderId)
            .where('other.status', 'in', PAID_STATUSES),
        ),
      ),
    )
    .execute();
}

// ---------------------------------------------------------------------------------------------------------------
// What belongs to orders (any number of orders, one query each)

export function findOrderItems(db: Db, orderIds: readonly number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .leftJoin('projects', 'projects.id', 'order_items.project_id')
    .leftJoin('projects as book', (join) =>
      join.onRef('book.id', '=', 'projects.proof_of').on('book.deleted_at', 'is', null),
    )
    .selectAll('order_items')
    .select([
      'projects.page_count',
      'projects.options',
      'book.id as proof_book_id',
      'book.quantity as proof_book_copies',
    ])
    .where('order_items.order_id', 'in', [...orderIds])
    .orderBy('order_items.order_id')
    .orderBy('order_items.id')
    .execute();
}

export function findEvents(db: Db, orderIds: readonly number[]): Promise<OrderEventRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}

export function findRefunds(db: Db, orderIds: readonly number[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('order_id')
    .orderBy('id')
    .execute();
}

export function findPayments(db: Db, orderId: number): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/**
 * Cents of the order's payment refunded so far (succeeded refunds only). Refunds of money that arrived twice
 * (payments.duplicate, refunded automatically: docs/decisions/0022) are not the order's and do not count.
 */
export async function refundedCents(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select(sql<string>`coalesce(sum(refunds.amount_cents), 0)`.as('cents'))
    .where('refunds.order_id', '=', orderId)
    .where('refunds.status', '=', 'succeeded')
    .where('payments.duplicate', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** What the order's difference payments brought in, every hold's (docs/decisions/0077; never a duplicate). */
export async function differencePaidCents(db: Db, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('cents'))
    .where('order_id', '=', orderId)
    .where('purpose', '=', 'difference')
    .where('status', '=', 'completed')
    .where('duplicate', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/** The order's completed payment, if any (the money a refund goes back through; never a duplicate). */
export function findCompletedPayment(db: Db, orderId: number): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'completed')
    .where('duplicate', '=', false)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * For the admin's detail: each item with its project's options and file facts (the project is the book), and a
 * proof line's book and its saved copies (ADR 0078) as findOrderItems reads them.
 */
export function findItemsWithProjects(db: Db, orderId: number) {
  return db
    .selectFrom('order_items')
    .innerJoin('projects', 'projects.id', 'order_items.project_id')
    .innerJoin('uploads as pdf', 'pdf.id', 'projects.pdf_upload_id')
    .leftJoin('uploads as cover', 'cover.id', 'projects.cover_upload_id')
    .leftJoin('projects as book', (join) =>
      join.onRef('book.id', '=', 'projects.proof_of').on('book.deleted_at', 'is', null),
    )
    .selectAll('order_items')
    .select([
      'book.id as proof_book_id',
      'book.quantity as proof_book_copies',
      'projects.language',
      'projects.page_count',
      'projects.options',
      'projects.cover_expert',
      'projects.preflight',
      'projects.cover_preflight',
      'pdf.file_name as pdf_file_name',
      'pdf.content_type as pdf_content_type',
      'pdf.size_bytes as pdf_size_bytes',
      'cover.file_name as cover_file_name',
      'cover.content_type as cover_content_type',
      'cover.size_bytes as cover_size_bytes',
    ])
    .where('order_items.order_id', '=', orderId)
    .orderBy('order_items.id')
    .execute();
}
export type ItemWithProjectRow = Awaited<ReturnType<typeof findItemsWithProjects>>[number];

/** Whether the account behind an order has been deleted (its snapshot is all that is left). */
export async function isAccountDeleted(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('deleted_at').where('id', '=', userId).executeTakeFirst();
  return !row || row.deleted_at !== null;
}

// ---------------------------------------------------------------------------------------------------------------
// Lists

export interface Keyset {
  /** created_at of the last row seen, with microseconds, and its id. */
  after?: readonly [string, number];
  limit: number;
}

function afterCursor(
  eb: ExpressionBuilder<DB, 'orders'>,
  after: readonly [string, number],
): Expression<SqlBool> {
  return eb(
    eb.refTuple('orders.created_at', 'orders.id'),
    '<',
    eb.tuple(sql<Date>`${after[0]}::timestamptz`, after[1]),
  );
}

/** The customer's orders, newest first (index orders_user_created_at_id_idx). */
export function listUserOrders(db: Db, userId: number, page: Keyset, status?: OrderStatusValue) {
  return userOrdersQuery(db, userId, page, status).execute();
}

/** The query of listUserOrders, unexecuted (its plan is tested). */
export function userOrdersQuery(db: Db, userId: number, page: Keyset, status?: OrderStatusValue) {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .select(cursorTime.as('cursor_time'))
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (status) query = query.where('status', '=', status);
  const after = page.after;
  if (after) query = query.where((eb) => afterCursor(eb, after));
  return query;
}

export async function countUserOrders(db: Db, userId: number, status?: OrderStatusValue): Promise<number> {
  let query = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId);
  if (status) query = query.where('status', '=', status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export interface AdminOrderFilters {
  status?: OrderStatusValue;
  /** Already trimmed; matched as a substring, case-insensitive. */
  q?: string;
  /** Placed at or after. */
  from?: Date;
  /** Placed before. */
  before?: Date;
}

/** `%` and `_` are LIKE wildcards: a search for "50%_off" means those characters. */

/** "BND-000042", "bnd42", "000042" or "42" → 42, when the search looks like an order number. */
export function orderIdOfNumber(text: string): number | undefined {
  const match = /^(?:BND-?)?0*([1-9]\d{0,9})$/i.exec(text.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : undefined;
}

/** The filters other than the text: status and period, each served by the indexes of the newest-first list. */
function filtered(db: Db, filters: AdminOrderFilters) {
  let query = db.selectFrom('orders');
  if (filters.status) query = query.where('orders.status', '=', filters.status);
  if (filters.from) query = query.where('orders.created_at', '>=', filters.from);
  if (filters.before) query = query.where('orders.created_at', '<', filters.before);
  return query;
}

/**
 * The text matched in the order's own columns: its number (exactly, as typed in any of its forms, or any part of
 * it), the customer's e-mail or name snapshot. One OR of columns that each have a trigram index, so PostgreSQL
 * can read a rare text as a BitmapOr of those indexes, or walk the newest orders and test each for a common one.
 */
function ownColumnsMatch(eb: ExpressionBuilder<DB, 'orders'>, q: string): Expression<SqlBool> {
  const pattern = containsPattern(q);
  const id = orderIdOfNumber(q);
  return eb.or([
    ...(id === undefined ? [] : [eb('orders.id', '=', id)]),
    eb('orders.order_number', 'ilike', pattern),
    eb('orders.customer_email', 'ilike', pattern),
    eb('orders.customer_name', 'ilike', pattern),
  ]);
}

/** The text matched in a title of the order's books (order_items_title_trgm_idx). */
function itemTitleMatch(eb: ExpressionBuilder<DB, 'orders'>, q: string): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('order_items')
      .select(sql.lit(1).as('one'))
      .whereRef('order_items.order_id', '=', 'orders.id')
      .where('order_items.title', 'ilike', containsPattern(q)),
  );
}

/**
 * The admin's list: orders (never drafts: a project becomes part of an order only at checkout), newest first,
 * filtered, one keyset page plus one row to know whether another follows. Each row carries its item count.
 */
export function listAdminOrders(db: Db, filters: AdminOrderFilters, page: Keyset) {
  return adminOrdersQuery(db, filters, page).execute();
}

/**
 * The query of listAdminOrders, unexecuted (its plan is tested). A text search is two pages merged: the page of
 * orders whose own columns match and the page of orders with a matching book title, each read by its own plan,
 * then the newest of both. One WHERE with `… OR id IN (orders with that title)` cannot be a BitmapOr (the
 * subquery is no index of orders), so PostgreSQL walked every order testing each: 250–1,000 ms at 100,000
 * orders for a rare text, where the two pages take milliseconds (docs/decisions/0037).
 */
export function adminOrdersQuery(db: Db, filters: AdminOrderFilters, page: Keyset) {
  const newestPage = (query: ReturnType<typeof filtered>) => {
    let paged = query
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(page.limit + 1);
    const after = page.after;
    if (after) paged = paged.where((eb) => afterCursor(eb, after));
    return paged;
  };
  const q = filters.q;
  const rows = q
    ? newestPage(
        db.selectFrom('orders').where('orders.id', 'in', (eb) =>
          eb
            .selectFrom(
              newestPage(filtered(db, filters).where((o) => ownColumnsMatch(o, q)))
                .select('orders.id')
                .as('own'),
            )
            .select('own.id')
            .unionAll(
              eb
                .selectFrom(
                  newestPage(filtered(db, filters).where((o) => itemTitleMatch(o, q)))
                    .select('orders.id')
                    .as('by_title'),
                )
                .select('by_title.id'),
            ),
        ),
      )
    : newestPage(filtered(db, filters));
  return rows
    .selectAll('orders')
    .select(cursorTime.as('cursor_time'))
    .select((eb) =>
      eb
        .selectFrom('order_items')
        .select((i) => i.fn.countAll<string>().as('n'))
        .whereRef('order_items.order_id', '=', 'orders.id')
        .as('item_count'),
    );
}

/**
 * How many orders match (the list's "n of m"): with a text, the orders whose own columns match plus those that
 * match by a title only, so each part can be read through its indexes and no order is counted twice.
 */
export function adminOrdersCountQuery(db: Db, filters: AdminOrderFilters) {
  const q = filters.q;
  if (!q) return filtered(db, filters).select((eb) => eb.fn.countAll<string>().as('n'));
  return db.selectNoFrom(
    sql<string>`(${filtered(db, filters)
      .select((o) => o.fn.countAll<string>().as('n'))
      .where((o) => ownColumnsMatch(o, q))}) + (${filtered(db, filters)
      .select((o) => o.fn.countAll<string>().as('n'))
      .where((o) => itemTitleMatch(o, q))
      // IS NOT TRUE, not NOT: a column that is null must not make the row unknown and drop it.
      .where((o) => sql<SqlBool>`(${ownColumnsMatch(o, q)}) is not true`)})`.as('n'),
  );
}

export async function countAdminOrders(db: Db, filters: AdminOrderFilters): Promise<number> {
  const row = await adminOrdersCountQuery(db, filters).executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------------------------
// The customer's overview

export async function userOverview(db: Db, userId: number, unpaidLimit: number) {
  const row = await db
    .selectFrom('orders')
    .select([
      // Every order that was paid, canceled later or not: refunds are taken off apart.
      sql<string>`coalesce(sum(total_cents) filter (where paid_at is not null), 0)`.as('paid_cents'),
      sql<string>`coalesce(sum(total_cents) filter (where status = 'awaiting_payment'), 0)`.as(
        'awaiting_cents',
      ),
      // Open: paid and not yet at a final status (the lifecycle module's sets, as every status list here).
      sql<number>`count(*) filter (where status in (${sql.join(OPEN_PAID_STATUSES)}))`.as('open'),
      sql<number>`count(*) filter (where status = 'delivered')`.as('delivered'),
      sql<number>`count(*) filter (where status = 'awaiting_payment')`.as('awaiting'),
      sql<number>`count(*) filter (where status = 'canceled')`.as('canceled'),
      sql<Date | null>`max(paid_at)`.as('last_paid_at'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // Refunds of canceled orders count too: money that came back to this customer.
  const refunded = await db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .select(sql<string>`coalesce(sum(refunds.amount_cents), 0)`.as('cents'))
    .where('orders.user_id', '=', userId)
    .where('refunds.status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  // The orders to pay, soonest expiry first (a bounded list: the count and sum above cover them all).
  const unpaid = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'total_cents', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'awaiting_payment')
    .orderBy(sql`expires_at asc nulls last`)
    .orderBy('id', 'asc')
    .limit(unpaidLimit)
    .execute();
  return { ...row, refunded_cents: refunded.cents, unpaid };
}

/** Unpaid orders whose time ran out, oldest expiry first (index orders_awaiting_payment_expires_idx). */
export async function findExpiredOrders(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'expires_at'])
    .where('status', '=', 'awaiting_payment')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}
