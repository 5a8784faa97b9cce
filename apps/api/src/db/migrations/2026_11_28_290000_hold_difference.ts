/**
 * Collecting a higher price difference of an order on hold (docs/decisions/0077). Frozen: never import app code.
 * - payments.purpose: 'order' (the order's total, as before) or 'difference' (a hold's higher price difference,
 *   a second payment of a paid order);
 * - orders.hold_difference_paid_cents: what this hold's difference payments brought in (reset by a new hold, as
 *   hold_difference_cents is); orders.hold_difference_note: the books and page counts that made the difference
 *   (the adjustment invoice's line);
 * - invoices: kind 'adjustment' (an invoice of the INV series for a paid difference, naming the order's invoice),
 *   one per payment (`payment_id`).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table payments add column purpose text not null default 'order'
    check (purpose in ('order', 'difference'))`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('hold_difference_paid_cents', 'bigint')
    .addColumn('hold_difference_note', 'text', (c) => c.check(sql`length(hold_difference_note) <= 1000`))
    .execute();
  await sql`alter table invoices drop constraint invoices_kind_check`.execute(db);
  await sql`alter table invoices add constraint invoices_kind_check
    check (kind in ('invoice', 'credit_note', 'adjustment'))`.execute(db);
  await sql`alter table invoices add column payment_id integer unique references payments (id)`.execute(db);
  await sql`alter table invoices add constraint invoices_adjustment_check
    check ((kind = 'adjustment') = (payment_id is not null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from invoices where kind = 'adjustment'`.execute(db);
  await sql`alter table invoices drop constraint if exists invoices_adjustment_check`.execute(db);
  await sql`alter table invoices drop column if exists payment_id`.execute(db);
  await sql`alter table invoices drop constraint invoices_kind_check`.execute(db);
  await sql`alter table invoices add constraint invoices_kind_check
    check (kind in ('invoice', 'credit_note'))`.execute(db);
  await db.schema.alterTable('orders').dropColumn('hold_difference_paid_cents').execute();
  await db.schema.alterTable('orders').dropColumn('hold_difference_note').execute();
  await sql`alter table payments drop column if exists purpose`.execute(db);
}
