/**
 * Rate-limit counters shared by every API instance (docs/decisions/0024): one row per limited key (a hash of
 * e.g. "login:ip:10.0.0.7"), counting hits in a fixed window that starts at the first hit. UNLOGGED: counters are
 * worth nothing after a crash (PostgreSQL empties the table then) and are written on every limited request, so
 * they skip the write-ahead log. Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create unlogged table rate_limit_counters (
      key text primary key,
      hits integer not null check (hits > 0),
      window_ends_at timestamptz not null
    )
  `.execute(db);
  // The sweep deletes ended windows.
  await db.schema
    .createIndex('rate_limit_counters_window_ends_at')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
