/**
 * The first-print discount (docs/decisions/0033). Frozen: never import app code here.
 * - shop_settings: one row (id 1) of settings staff change in the admin; today the first-print discount's switch
 *   and rate (basis points, 1–50 %). It is read with the catalog's snapshot and a change moves the catalog version
 *   on, so every API instance uses the new rate for the next order (orders already written keep their amounts).
 * - orders_first_print_discount_key: at most one order per customer holds the discount (orders.discount_cents > 0)
 *   unless it was canceled (an unpaid order canceled or expired gives the right back). Checkout also serialises a
 *   customer's submissions on the user row; this index is what makes "never twice" true for any writer.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('first_print_discount_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('first_print_discount_bp', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1000)
        .check(sql`first_print_discount_bp between 100 and 5000`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.insertInto('shop_settings').values({ id: 1 }).execute();

  await sql`
    create unique index orders_first_print_discount_key on orders (user_id)
    where discount_cents > 0 and status <> 'canceled'
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists orders_first_print_discount_key`.execute(db);
  await db.schema.dropTable('shop_settings').execute();
}
