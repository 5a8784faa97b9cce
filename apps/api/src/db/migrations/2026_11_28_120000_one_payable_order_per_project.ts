/**
 * One payable order per project (docs/decisions/0051). Frozen: never import app code here.
 * - order_items.payable: true while the item's order awaits payment (set by the insert, cleared by the orders
 *   module in the transaction that moves the order out of awaiting_payment);
 * - order_items_one_payable_order_per_project: a project is in at most one order that can still be paid.
 *   Checkout serialises a customer's submissions on the user row and cancels the older order as superseded; this
 *   index is what makes "one payable order" true for any writer.
 * Rows written before: when several unpaid orders hold one project, the newest stays payable and the older ones
 * are canceled as superseded by the system, with their event (their open provider attempts are then closed by the
 * reconciliation job, which closes any open attempt of an order that no longer awaits payment).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_items')
    .addColumn('payable', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // One statement: the older unpaid orders sharing a project with a newer unpaid one, canceled with their event.
  await sql`
    with superseded as (
      select distinct older.order_id as id
      from order_items older
      join orders o on o.id = older.order_id and o.status = 'awaiting_payment'
      where exists (
        select 1 from order_items newer
        join orders n on n.id = newer.order_id and n.status = 'awaiting_payment'
        where newer.project_id = older.project_id and newer.order_id > older.order_id
      )
    ), canceled as (
      update orders set status = 'canceled', canceled_at = now(), updated_at = now()
      where id in (select id from superseded) and status = 'awaiting_payment'
      returning id
    )
    insert into order_events (order_id, from_status, to_status, actor_type, actor_label, note, internal, created_at)
    select id, 'awaiting_payment', 'canceled', 'system', 'Bindery',
      'Replaced by a newer order of the same books.', false, now()
    from canceled
  `.execute(db);

  await sql`
    update order_items set payable = true
    from orders where orders.id = order_items.order_id and orders.status = 'awaiting_payment'
  `.execute(db);
  await sql`
    create unique index order_items_one_payable_order_per_project on order_items (project_id) where payable
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists order_items_one_payable_order_per_project`.execute(db);
  await db.schema.alterTable('order_items').dropColumn('payable').execute();
}
