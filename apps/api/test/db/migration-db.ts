/**
 * A migration test's own database (PostgreSQL only: on the PGlite fallback there is no server to make one on):
 * `const m = migrationDatabase('mig')` at the top of a file registers its creation and removal; inside a test,
 * `await m.migrate(m.upTo(name))` runs the real migrations up to and including `name`, then `m.db` writes rows as
 * the older schema had them, and a second `m.migrate(…)` runs the migration under test on them.
 * Migrations run on an untyped Kysely, as in production (the lint's any rules are off for test/db).
 */
import { Kysely, Migrator, PostgresDialect, type Migration } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { createDatabase, dropDatabase, uniqueDbName } from '@bindery/pg-test';
import { migrations } from '#db/migrations/index.js';

export interface MigrationDatabase {
  readonly onPostgres: boolean;
  /** The database (set once beforeAll has run, on PostgreSQL). */
  readonly db: Kysely<any>;
  /** The real migrations whose names sort up to and including `last`. */
  upTo(last: string): Record<string, Migration>;
  migrate(set: Record<string, Migration>): Promise<void>;
}

export function migrationDatabase(prefix: string): MigrationDatabase {
  const pgInfo = inject('pg');
  const server =
    pgInfo.mode === 'postgres'
      ? { adminUrl: pgInfo.adminUrl, urlFor: (d: string) => pgInfo.urlTemplate.replace('{db}', d) }
      : undefined;
  const name = uniqueDbName(prefix);
  let db: Kysely<any> | undefined;

  beforeAll(async () => {
    if (!server) return;
    const url = await createDatabase(server, name);
    db = new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
  });
  afterAll(async () => {
    // Unset on PGlite (no server) or when beforeAll failed.
    await db?.destroy();
    if (server) await dropDatabase(server, name);
  });

  const self: MigrationDatabase = {
    onPostgres: server !== undefined,
    get db() {
      if (!db) throw new Error('the migration database exists only on PostgreSQL, after beforeAll');
      return db;
    },
    upTo: (last) => Object.fromEntries(Object.entries(migrations).filter(([key]) => key <= last)),
    async migrate(set) {
      const result = await new Migrator({
        db: self.db,
        provider: { getMigrations: async () => set },
        allowUnorderedMigrations: true,
      }).migrateToLatest();
      if (result.error)
        throw result.error instanceof Error
          ? result.error
          : new Error('migration failed', { cause: result.error });
    },
  };
  return self;
}
