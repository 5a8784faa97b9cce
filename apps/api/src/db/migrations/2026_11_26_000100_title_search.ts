/**
 * Searching book titles by any part (docs/decisions/0037): one trigram index of the titles of projects
 * that are not deleted. My Books reads a rare text through it (11 of a customer's 20,000 projects in milliseconds,
 * where testing each of the customer's rows took 60–190 ms) and keeps to the customer's own rows for a common one;
 * the admin's list of submitted projects (GET api/book/all-orders/) searches titles through it. pg_trgm is loaded
 * by 2026_11_23_212300_order_lifecycle (PGlite loads it as an extension, db/connect.ts). Frozen: never import app
 * code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index projects_title_trgm_idx on projects using gin (title gin_trgm_ops) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists projects_title_trgm_idx`.execute(db);
}
