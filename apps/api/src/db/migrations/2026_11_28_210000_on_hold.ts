/**
 * On hold for a file problem, and reminders of it (docs/decisions/0072). Frozen: never import app code here.
 * - orders.status and order_events' statuses may be 'on_hold';
 * - orders: when it was held (`on_hold_at`), from which status (`held_from`: a release goes back there), why
 *   (`hold_reason`, `hold_message`), what a replacement's page count changed (`hold_difference_cents`, signed:
 *   more to pay or refunded), and the reminders sent (`hold_reminded_customer_at`, `hold_reminded_staff_at`);
 * - orders_on_hold_idx: the reminder job reads held orders only, oldest hold first.
 */
import { sql, type Kysely } from 'kysely';

const WITH = sql`('awaiting_payment', 'paid', 'in_production', 'on_hold', 'shipped', 'delivered', 'canceled')`;
const WITHOUT = sql`('awaiting_payment', 'paid', 'in_production', 'shipped', 'delivered', 'canceled')`;

async function statusChecks(db: Kysely<any>, statuses: typeof WITH): Promise<void> {
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in ${statuses})`.execute(db);
  await sql`alter table order_events drop constraint order_events_from_status_check`.execute(db);
  await sql`alter table order_events add constraint order_events_from_status_check check (from_status in ${statuses})`.execute(
    db,
  );
  await sql`alter table order_events drop constraint order_events_to_status_check`.execute(db);
  await sql`alter table order_events add constraint order_events_to_status_check check (to_status in ${statuses})`.execute(
    db,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await statusChecks(db, WITH);
  await db.schema
    .alterTable('orders')
    .addColumn('on_hold_at', 'timestamptz')
    .addColumn('held_from', 'text', (c) => c.check(sql`held_from in ('paid', 'in_production')`))
    .addColumn('hold_reason', 'text', (c) =>
      c.check(sql`hold_reason in ('page_size', 'fonts', 'image_resolution', 'cover_size', 'other')`),
    )
    .addColumn('hold_message', 'text', (c) => c.check(sql`length(hold_message) <= 1000`))
    .addColumn('hold_difference_cents', 'bigint')
    .addColumn('hold_reminded_customer_at', 'timestamptz')
    .addColumn('hold_reminded_staff_at', 'timestamptz')
    .execute();
  await sql`
    alter table orders add constraint orders_on_hold_check
    check (status <> 'on_hold' or (held_from is not null and hold_reason is not null and on_hold_at is not null))
  `.execute(db);
  await sql`create index orders_on_hold_idx on orders (on_hold_at, id) where status = 'on_hold'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists orders_on_hold_idx`.execute(db);
  await sql`alter table orders drop constraint if exists orders_on_hold_check`.execute(db);
  for (const column of [
    'on_hold_at',
    'held_from',
    'hold_reason',
    'hold_message',
    'hold_difference_cents',
    'hold_reminded_customer_at',
    'hold_reminded_staff_at',
  ]) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await statusChecks(db, WITHOUT);
}
