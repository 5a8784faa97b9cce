/**
 * Opens the database in one of its two modes and migrates it.
 * - embedded: PGlite (PostgreSQL compiled to WebAssembly) persisted under DATA_DIR, zero set-up;
 * - postgres: a pg Pool on DATABASE_URL.
 * Both run the same migrations, so SQL written for one works on the other.
 *
 * The pool is built to outlive its database (a restart, a failover, a network cut): a connection that breaks
 * while idle is logged and dropped (node-postgres emits it as a pool 'error', which without a listener is an
 * uncaught exception that ends the process), and the next query opens a new one. Nothing waits without end:
 * opening a connection or waiting for a free one gives up after the connect timeout, and PostgreSQL cancels a
 * statement (lock waits included) after the statement timeout. The error handler answers these failures 503
 * (db/unavailable.ts).
 * @see docs/decisions/0006-two-database-modes.md
 * @see https://node-postgres.com/apis/pool#error
 */
import { inspect } from 'node:util';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationResultSet } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../env.js';
import { ensurePrivateDirSync, makeTreePrivate } from '../lib/private-fs.js';

/**
 * PGlite's file system layer creates its files 0644 and directories 0755 whatever PostgreSQL asks for: after the
 * migrations (which create most of them) every entry is made 0700/0600. Files it creates later sit inside this
 * 0700 directory, out of other users' reach (and server.ts runs with umask 077, so they are 0600 too).
 */
export async function makeEmbeddedDataPrivate(database: Config['database']): Promise<void> {
  if (database.mode === 'embedded' && !database.dataDir.startsWith('memory://'))
    await makeTreePrivate(database.dataDir);
}
import type { DB } from './database.js';
import { lockDataDir } from './embedded-lock.js';
import { migrations } from './migrations/index.js';

// pg returns NUMERIC and BIGINT as strings by default; keep it so (exact money), but parse int8 counts.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface OpenOptions {
  /** Where a lost idle connection is reported (default: nowhere; it is dropped either way). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

export async function openDatabase(
  database: Config['database'],
  options: OpenOptions = {},
): Promise<Kysely<DB>> {
  if (database.mode === 'postgres') {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: database.poolMax,
      connectionTimeoutMillis: database.connectTimeoutMs,
      statement_timeout: database.statementTimeoutMs,
      // A half-open connection (the database host vanished without a FIN) is noticed by the kernel.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    const describe = (err: Error) => ({ message: err.message, code: (err as { code?: string }).code });
    // An idle client's error: the pool has already removed it; the next query opens a fresh connection.
    pool.on('error', (err) => options.log?.warn({ err: describe(err) }, 'idle database connection lost'));
    // A client that is checked out but between queries (a transaction waiting on our code, a held connection) has
    // no pool listener: the server ending its session (57P01 on a restart) would be an uncaught 'error' event that
    // ends the process. Listen on every client for good; the work holding it gets the error from its next query,
    // and the pool discards the client when it comes back broken.
    pool.on('connect', (client) => {
      client.on('error', (err) =>
        options.log?.warn({ err: describe(err) }, 'database connection lost while in use'),
      );
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const inMemory = database.dataDir.startsWith('memory://');
  if (!inMemory) ensurePrivateDirSync(database.dataDir);
  // PGlite takes no lock of its own: a second process on the same files would corrupt them (embedded-lock.ts).
  const lock = inMemory ? undefined : lockDataDir(database.dataDir);
  try {
    // Imported lazily: a PostgreSQL deployment never loads the ~10 MB WebAssembly module.
    const [{ PGlite }, { PGliteDialect }, { pg_trgm }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('kysely-pglite-dialect'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ]);
    // PGlite ships contrib extensions as separate bundles: the orders search indexes need pg_trgm (migration
    // 2026_11_23_212300_order_lifecycle), which PostgreSQL servers have built in.
    const pglite = await PGlite.create(database.dataDir, { extensions: { pg_trgm } });
    const dialect = new PGliteDialect(pglite);
    // The lock lives exactly as long as the database is open: released when Kysely destroys the driver.
    const createDriver = dialect.createDriver.bind(dialect);
    dialect.createDriver = () => {
      const driver = createDriver();
      const destroy = driver.destroy.bind(driver);
      driver.destroy = async () => {
        try {
          await destroy();
        } finally {
          lock?.release();
        }
      };
      return driver;
    };
    return new Kysely<DB>({ dialect });
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export class MigrationError extends Error {}

export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResultSet> {
  // One connection without the statement timeout: a migration may rewrite a large table for longer than any
  // request may take. RESET returns the connection to the pool's setting.
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await migrate(connection);
    } finally {
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}

async function migrate(db: Kysely<DB>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Several engineers add migrations on branches at once; one that lands after a later-named one must still
    // run on databases that already have the later one (each migration only adds its own tables and columns).
    allowUnorderedMigrations: true,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(
      `Migration ${failed} failed: ${result.error instanceof Error ? result.error.message : inspect(result.error)}`,
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
