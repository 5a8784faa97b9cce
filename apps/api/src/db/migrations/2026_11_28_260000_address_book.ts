/**
 * The address book (docs/decisions/0074): a customer's saved shipping addresses, at most 20 (checked by the app
 * under the user row's lock), at most one default (the partial unique index). An order keeps its own copy of the
 * address it shipped to: no order refers to this table. Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_addresses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index user_addresses_user_idx on user_addresses (user_id, id)`.execute(db);
  await sql`create unique index user_addresses_one_default on user_addresses (user_id) where is_default`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_addresses').execute();
}
