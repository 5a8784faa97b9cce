/**
 * Money safety (docs/decisions/0022). Frozen: never import app code here.
 * - payments.completed_at: when the money arrived (the sales report's day; updated_at moves on later writes);
 * - payments.duplicate: money that arrived for an order that no longer awaited payment (paid the other way, or
 *   canceled/expired): it is not the order's payment and is refunded in full, automatically;
 * - payments.checked_at: when reconciliation last asked the provider about an open attempt (it asks the least
 *   recently checked first, so every open attempt gets its turn);
 * - refunds.idempotency_key: the key sent to the provider (Stripe Idempotency-Key, PayPal-Request-Id), so a retry
 *   of the same refund never refunds twice and a refund whose answer was lost can be found again;
 * - indexes for the sales report (payments by completion, refunds by day) and for reconciliation (open attempts).
 * Existing rows are backfilled from what they say.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('duplicate', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('checked_at', 'timestamptz')
    .execute();
  await sql`update payments set completed_at = updated_at where status = 'completed'`.execute(db);
  // A completed payment is a duplicate when its order never became paid, or another one completed before it.
  await sql`
    update payments p set duplicate = true
    from orders o
    where o.id = p.order_id and p.status = 'completed'
      and (o.paid_at is null
           or exists (select 1 from payments q
                       where q.order_id = p.order_id and q.status = 'completed' and q.id < p.id))
  `.execute(db);
  await sql`
    alter table payments add constraint payments_completed_at_check
    check ((status = 'completed') = (completed_at is not null))
  `.execute(db);
  // Sales: completed payments of a period, newest first (keyset), and per day.
  await sql`
    create index payments_completed_at_id_idx on payments (completed_at desc, id desc) where status = 'completed'
  `.execute(db);
  // Reconciliation: attempts still open, oldest first.
  await sql`create index payments_open_created_at_idx on payments (created_at) where status = 'created'`.execute(
    db,
  );

  await db.schema
    .alterTable('refunds')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .execute();
  await sql`create index refunds_created_at_idx on refunds (created_at) where status = 'succeeded'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index refunds_created_at_idx`.execute(db);
  await db.schema.alterTable('refunds').dropColumn('idempotency_key').execute();
  await sql`drop index payments_open_created_at_idx`.execute(db);
  await sql`drop index payments_completed_at_id_idx`.execute(db);
  await sql`alter table payments drop constraint payments_completed_at_check`.execute(db);
  await db.schema
    .alterTable('payments')
    .dropColumn('checked_at')
    .dropColumn('duplicate')
    .dropColumn('completed_at')
    .execute();
}
