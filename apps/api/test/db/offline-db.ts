import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { DB } from '#db/database.js';

/**
 * A Kysely on Kysely's own compile-only driver: statements are built and "run" (no rows) without a database,
 * for unit tests of what our Kysely plugins see (db/write-watch, db/count-cache).
 */
export function offlineDb(): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
