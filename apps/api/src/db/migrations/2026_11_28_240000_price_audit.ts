/**
 * The price audit's lists (docs/decisions/0063): every change newest first, and one editor's changes newest
 * first, each served by an index on exactly its keyset order. The "prices at a moment" read uses the existing
 * (item_id, changed_at) index. Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index catalog_price_changes_recent_idx on catalog_price_changes (changed_at desc, id desc)`.execute(db);
  await sql`create index catalog_price_changes_editor_idx on catalog_price_changes (changed_by, changed_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists catalog_price_changes_editor_idx`.execute(db);
  await sql`drop index if exists catalog_price_changes_recent_idx`.execute(db);
}
