/**
 * Order notes and the production queue (docs/decisions/0071). Frozen: never import app code here.
 * - order_notes: staff notes on an order, no status change; `internal` false shows it to the customer.
 * - orders_production_queue_idx: the queue's keyset order (paid_at, id), oldest first, over paid and
 *   in-production orders only (a partial index: the rest of the table is never read).
 * - uploads.sha256: the file's checksum, computed from the stored bytes when a job ticket first needs it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_notes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`length(body) between 1 and 2000`))
    .addColumn('internal', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('uploads').addColumn('sha256', 'text').execute();
  await sql`create index order_notes_order_id_idx on order_notes (order_id, id)`.execute(db);
  await sql`create index orders_production_queue_idx on orders (paid_at, id) where status in ('paid', 'in_production')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists orders_production_queue_idx`.execute(db);
  await db.schema.dropTable('order_notes').ifExists().execute();
  await db.schema.alterTable('uploads').dropColumn('sha256').execute();
}
