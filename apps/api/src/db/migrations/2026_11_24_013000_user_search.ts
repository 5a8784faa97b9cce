/**
 * Manage Users searches on the server: e-mail or name, any part of either, through trigram indexes
 * (pg_trgm, loaded by 2026_11_23_212300_order_lifecycle), only over accounts that are not deleted. Newest first is
 * the primary key read backwards. Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_email_trgm_idx on users using gin (email gin_trgm_ops) where deleted_at is null`.execute(
    db,
  );
  await sql`create index users_name_trgm_idx on users using gin (name gin_trgm_ops) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_name_trgm_idx`.execute(db);
  await sql`drop index if exists users_email_trgm_idx`.execute(db);
}
