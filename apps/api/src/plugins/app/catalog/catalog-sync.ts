/**
 * Keeps every API instance's price cache current. A committed price change runs pg_notify on CATALOG_CHANNEL
 * with the new catalog version; each instance LISTENs on a dedicated connection and drops an older snapshot at
 * once. Notifications can be lost while that connection is down: from the moment it is lost until LISTEN is in
 * place again the cache checks the version on every request (`cache.listening = false`), a reconnect drops the
 * snapshot unconditionally, and a slow poll of the version is the safety net behind all of it (a connection
 * that died without a word; TCP keepalive finds those too).
 * Embedded (PGlite) mode is one process: its own changes invalidate its cache directly; nothing to listen to.
 * @see https://www.postgresql.org/docs/current/sql-notify.html
 */
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '#db/database.js';
import type { CatalogCache } from './catalog-cache.js';
import { CATALOG_CHANNEL, readCatalogVersion } from './catalog.repository.js';

export interface CatalogSyncOptions {
  /** PostgreSQL connection string to LISTEN on. */
  url: string;
  db: Kysely<DB>;
  cache: CatalogCache;
  /** The part of a pino (Fastify) logger the sync writes to: any logger of a job or script fits. */
  log: { info(msg: string): void; warn(facts: object, msg: string): void };
  /** How often the version is compared even without notifications. */
  pollMs?: number;
  /** Wait before reconnecting a lost LISTEN connection (doubles up to 5 s: until then every quote costs a query). */
  retryMs?: number;
}

export interface CatalogSync {
  /** Resolves once the first LISTEN is in place or has failed (then retries and the poll cover). */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

export function startCatalogSync(options: CatalogSyncOptions): CatalogSync {
  const { url, db, cache, log } = options;
  const pollMs = options.pollMs ?? 30_000;
  let retryMs = options.retryMs ?? 1_000;
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  /** A failed (re)connect is logged once per outage, not at every retry. */
  let failing = false;

  const scheduleRetry = () => {
    // Until LISTEN is back, changes are noticed by checking the version per request.
    cache.listening = false;
    if (stopped || retryTimer) return;
    // Anything announced while we were away is unknown: reload, and listen again.
    cache.invalidate();
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5_000,
    });
    client = c;
    c.on('notification', (message) => {
      const version = Number(message.payload);
      cache.invalidate(Number.isSafeInteger(version) ? version : undefined);
    });
    c.on('error', (err) => {
      if (!failing) log.warn({ err: { message: err.message } }, 'catalog LISTEN connection failed');
    });
    // Only the current connection's end matters (an older one may end late).
    c.on('end', () => {
      if (client === c) scheduleRetry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CATALOG_CHANNEL}`);
      retryMs = options.retryMs ?? 1_000;
      // Changes committed between the last snapshot and this LISTEN would otherwise go unnoticed.
      cache.invalidate();
      cache.listening = true;
      if (failing) log.info('catalog LISTEN connection restored');
      failing = false;
    } catch (err) {
      if (!failing) {
        log.warn(
          { err: { message: (err as Error).message } },
          'catalog LISTEN could not start; checking versions per request until it can',
        );
      }
      failing = true;
      await c.end().catch(() => undefined);
      scheduleRetry();
    }
  };

  const poll = setInterval(() => {
    readCatalogVersion(db)
      .then((version) => cache.invalidate(version))
      .catch((err: unknown) => log.warn({ err }, 'catalog version poll failed'));
  }, pollMs);
  poll.unref();

  const ready = connect();
  return {
    ready,
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (retryTimer) clearTimeout(retryTimer);
      await ready;
      await client?.end().catch(() => undefined);
    },
  };
}
