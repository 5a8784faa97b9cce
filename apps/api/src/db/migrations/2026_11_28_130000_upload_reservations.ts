/**
 * Upload reservations (docs/decisions/0054): a row taken, under the customer's row lock, before an upload's or a
 * resale certificate's bytes are read, and counted with the stored ones, so parallel requests cannot all pass a cap
 * that each checked alone. `size_bytes` is written once the file has arrived (the draft storage quota counts it
 * until the upload's own row replaces the reservation, in one transaction). A reservation left by a crashed process
 * stops counting at `expires_at` and is swept. Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_reservations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('upload', 'certificate')`))
    .addColumn('size_bytes', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`size_bytes >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('upload_reservations_user_idx')
    .on('upload_reservations')
    .columns(['user_id', 'kind'])
    .execute();
  await db.schema
    .createIndex('upload_reservations_expires_idx')
    .on('upload_reservations')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_reservations').execute();
}
