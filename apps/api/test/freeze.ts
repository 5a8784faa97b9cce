/**
 * Bounds for the freeze tests (ADR 0050): a request that would wait for good fails the test instead of hanging the
 * run, and an app whose embedded database froze is not closed (closing would wait on the same connection).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#app.js';
import { runStartupTasks } from '#bootstrap/index.js';
import { parseEnv } from '#env.js';
import type { Kysely } from 'kysely';
import type { DB } from '#db/database.js';
import type { TestContext } from './helper.js';

/** How long a request of these tests may take before it counts as frozen (they answer in well under a second). */
export const FREEZE_BOUND_MS = 10_000;

/** The promise's value, or a failure that says what did not answer within `ms`. */
export async function answered<T>(what: string, promise: Promise<T>, ms = FREEZE_BOUND_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what}: no answer within ${ms} ms (the database froze)`));
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the app, unless it froze: then closing is given a short bound and left behind. */
export async function closeUnlessFrozen(app: FastifyInstance | undefined, frozen: boolean): Promise<void> {
  if (!app) return;
  if (!frozen) {
    await app.close();
    return;
  }
  await answered('closing a frozen app', app.close(), 2_000).catch(() => undefined);
}

/**
 * Starts the app in `t` as the README's run command does on the embedded default: PGlite under a throw-away
 * DATA_DIR (or the given database), startup tasks run, jobs off. `stop(frozen)` closes it (not into a freeze) and
 * removes the directory.
 */
export async function startEmbeddedApp(t: TestContext, prefix: string, database?: Kysely<DB>) {
  t.dataDir = await mkdtemp(join(tmpdir(), `bindery-${prefix}-`));
  t.config = parseEnv({
    DATA_DIR: t.dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    JOBS_ENABLED: 'false',
    ADMIN_EMAIL: 'owner@example.test',
    ADMIN_PASSWORD: 'Corr3ct-horse!',
  });
  t.app = await buildApp({ config: t.config, ...(database ? { db: database } : {}) });
  await t.app.ready();
  t.db = t.app.db;
  await runStartupTasks(t.app);
  return {
    async stop(frozen: boolean) {
      await closeUnlessFrozen(t.app, frozen);
      if (t.dataDir) await rm(t.dataDir, { recursive: true, force: true });
    },
  };
}
