/**
 * My Books on keyset pages (docs/decisions/0037): one index per order the dashboard reads a
 * customer's projects in (newest first, by title, by category), each starting with the customer and holding only
 * projects that are not deleted, so a page is a short index range whatever the customer has. A search reads
 * the customer's own rows through the first (a trigram index of every title was tried: the planner keeps to the
 * customer's rows, docs/decisions/0037). Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index projects_user_created_idx on projects (user_id, created_at desc, id desc) where deleted_at is null`.execute(
    db,
  );
  await sql`create index projects_user_title_idx on projects (user_id, lower(title), id) where deleted_at is null`.execute(
    db,
  );
  await sql`create index projects_user_category_idx on projects (user_id, category, id) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists projects_user_category_idx`.execute(db);
  await sql`drop index if exists projects_user_title_idx`.execute(db);
  await sql`drop index if exists projects_user_created_idx`.execute(db);
}
