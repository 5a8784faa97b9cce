/**
 * The production queue's queries (docs/decisions/0071): paid and in-production orders whose production delay has
 * passed, oldest paid first, keyset-paged on (paid_at, id) through orders_production_queue_idx; the groups of what
 * must be made together (the books' binding, trim, paper and interior colour names); the facts of one order's job
 * ticket.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  PRODUCTION_GROUPS_LIMIT,
  type ProductionGroupQuery,
} from '@bindery/contracts/admin/production';
import type { Db } from '#db/database.js';
import { cursorTimeOf } from '#lib/keyset.js';

/** The statuses the floor works on. */
export const PRODUCTION_STATUSES = ['paid', 'in_production'] as const;

/**
 * The one condition of the production delay (the customer's cancel window, docs/decisions/0071): an order joins
 * the queue once it was paid at least `delayMs` before `now`. The delay is 0 until the cancel window's setting
 * exists; then only its value changes here.
 */
export function pastProductionDelay(now: Date, delayMs: number): Expression<SqlBool> {
  return sql<SqlBool>`orders.paid_at <= ${new Date(now.getTime() - delayMs)}::timestamptz`;
}

/** The option name a group filters on, as stored in projects.options (ProjectOptionNames). */
const GROUP_FIELDS = {
  binding: 'binding_type',
  trim: 'trim_size',
  paper: 'paper_type',
  colour: 'interior_color',
} as const;

/** Orders with at least one book of the group (every given field equal). */
function inGroup(group: ProductionGroupQuery): Expression<SqlBool> | undefined {
  const given = (Object.keys(GROUP_FIELDS) as (keyof typeof GROUP_FIELDS)[]).filter(
    (k) => group[k] !== undefined,
  );
  if (given.length === 0) return undefined;
  const conditions = given.map(
    (k) => sql`projects.options ->> ${GROUP_FIELDS[k]} = ${group[k] as string}`,
  );
  return sql<SqlBool>`exists (select 1 from order_items join projects on projects.id = order_items.project_id
    where order_items.order_id = orders.id and ${sql.join(conditions, sql` and `)})`;
}

export interface QueuePageArgs {
  limit: number;
  after?: readonly [string, number] | undefined;
  now: Date;
  delayMs: number;
}

/** One page of the queue (limit + 1 rows: the extra says another page follows). */
export function productionQueueQuery(db: Db, group: ProductionGroupQuery, args: QueuePageArgs) {
  let q = db
    .selectFrom('orders')
    .select([
      'orders.id',
      'orders.order_number',
      'orders.status',
      'orders.paid_at',
      'orders.customer_name',
      cursorTimeOf('orders.paid_at').as('cursor_time'),
    ])
    .where('orders.status', 'in', PRODUCTION_STATUSES)
    .where(pastProductionDelay(args.now, args.delayMs))
    .orderBy('orders.paid_at', 'asc')
    .orderBy('orders.id', 'asc')
    .limit(args.limit + 1);
  const filter = inGroup(group);
  if (filter) q = q.where(filter);
  const after = args.after;
  if (after) {
    q = q.where((eb) =>
      eb(eb.refTuple('orders.paid_at', 'orders.id'), '>', eb.tuple(sql<Date>`${after[0]}::timestamptz`, after[1])),
    );
  }
  return q;
}

/** The books of some orders, in each order's own sequence (the position of BND-000123-1-interior.pdf). */
export function booksOf(db: Db, orderIds: readonly number[]) {
  return db
    .selectFrom('order_items')
    .innerJoin('projects', 'projects.id', 'order_items.project_id')
    .innerJoin('uploads as pdf', 'pdf.id', 'projects.pdf_upload_id')
    .leftJoin('uploads as cover', 'cover.id', 'projects.cover_upload_id')
    .select([
      'order_items.id as item_id',
      'order_items.order_id',
      'order_items.title',
      'order_items.category',
      'order_items.quantity',
      'order_items.proof',
      'projects.page_count',
      'projects.options',
      'projects.preflight',
      'pdf.id as pdf_id',
      'pdf.file_name as pdf_name',
      'pdf.storage_key as pdf_key',
      'pdf.sha256 as pdf_sha256',
      'cover.id as cover_id',
      'cover.file_name as cover_name',
      'cover.storage_key as cover_key',
      'cover.sha256 as cover_sha256',
    ])
    .where('order_items.order_id', 'in', orderIds.length > 0 ? [...orderIds] : [0])
    .orderBy('order_items.order_id')
    .orderBy('order_items.id')
    .execute();
}
export type BookRow = Awaited<ReturnType<typeof booksOf>>[number];

/** The groups of the whole queue with their counts, oldest waiting first (bounded). */
export function productionGroupsQuery(db: Db, now: Date, delayMs: number) {
  return db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .innerJoin('projects', 'projects.id', 'order_items.project_id')
    .select([
      sql<string | null>`projects.options ->> 'binding_type'`.as('binding'),
      sql<string | null>`projects.options ->> 'trim_size'`.as('trim'),
      sql<string | null>`projects.options ->> 'paper_type'`.as('paper'),
      sql<string | null>`projects.options ->> 'interior_color'`.as('colour'),
      sql<string>`count(distinct orders.id)`.as('orders'),
      sql<string>`sum(order_items.quantity)`.as('books'),
      sql<string>`sum(order_items.quantity * projects.page_count)`.as('pages'),
      sql<Date>`min(orders.paid_at)`.as('oldest_paid_at'),
    ])
    .where('orders.status', 'in', PRODUCTION_STATUSES)
    .where(pastProductionDelay(now, delayMs))
    .groupBy([sql`1`, sql`2`, sql`3`, sql`4`])
    .orderBy(sql`min(orders.paid_at)`)
    .limit(PRODUCTION_GROUPS_LIMIT);
}

/** What a ticket and a packing slip print of the order itself. */
export function ticketOrderQuery(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'status',
      'customer_name',
      'customer_email',
      'address',
      'shipping_service',
      'paid_at',
      'created_at',
    ])
    .where('id', '=', orderId);
}
