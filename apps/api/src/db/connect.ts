/**
 * Opens the database in one of its two modes and migrates it.
 * - embedded: PGlite (PostgreSQL compiled to WebAssembly) persisted under DATA_DIR, zero set-up;
 * - postgres: a pg Pool on DATABASE_URL.
 * Both run the same migrations, so SQL written for one works on the other.
 * @see docs/decisions/0006-two-database-modes.md
 */
import { mkdirSync } from 'node:fs';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import type { Config } from '../env.js';
import type { DB } from './database.js';
import { migrations } from './migrations/index.js';

// pg returns NUMERIC and BIGINT as strings by default; keep it so (exact money), but parse int8 counts.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openDatabase(database: Config['database']): Promise<Kysely<DB>> {
  if (database.mode === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: database.poolMax });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(database.dataDir, { recursive: true });
  // Imported lazily: a PostgreSQL deployment never loads the ~10 MB WebAssembly module.
  const [{ PGlite }, { PGliteDialect }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('kysely-pglite-dialect'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // PGlite ships contrib extensions as separate bundles: the orders search indexes need pg_trgm (migration
  // 2026_11_23_212300_order_lifecycle), which PostgreSQL servers have built in.
  const pglite = await PGlite.create(database.dataDir, { extensions: { pg_trgm } });
  return new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
}

export class MigrationError extends Error {}

export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Several engineers add migrations on branches at once; one that lands after a later-named one must still
    // run on databases that already have the later one (each migration only adds its own tables and columns).
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(
      `Migration ${failed} failed: ${String((result.error as Error).message ?? result.error)}`,
    );
  }
  return result;
}

/** Round-trip time of a trivial query, or undefined when the database cannot be reached. */
export async function pingDatabase(db: Kysely<DB>): Promise<number | undefined> {
  const started = performance.now();
  try {
    await sql`select 1`.execute(db);
    return performance.now() - started;
  } catch {
    return undefined;
  }
}
