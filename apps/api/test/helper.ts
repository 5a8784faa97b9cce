/**
 * Builds the real app for a test file, on a private database cloned from the migrated and seeded template.
 * Use `const t = setupTestApp()` at the top of a file, then `t.app.inject(...)` inside tests.
 * Tests drive the app through HTTP (inject) and may read the database (`t.db`) to check what was stored.
 * @see fastify/demo test/helper.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { createDatabase, dropDatabase, uniqueDbName } from '@bindery/pg-test';
import { buildApp, type BuildOptions } from '#app.js';
import { runStartupTasks } from '#bootstrap/index.js';
import type { DB } from '#db/database.js';
import { openDatabase } from '#db/connect.js';
import { parseEnv, type Config } from '#env.js';
import type { Clock } from '#lib/clock.js';
import { hashPassword } from '#lib/password.js';
import { insertSession } from '#plugins/app/users/sessions.repository.js';
import { insertUser } from '#plugins/app/users/users.repository.js';
import { TEMPLATE_DB, TEST_JWT_SECRET } from './constants.js';

export interface TestContext {
  app: FastifyInstance;
  db: Kysely<DB>;
  config: Config;
  dataDir: string;
}

export interface TestAppOptions {
  /** Extra environment for parseEnv (e.g. SMTP_URL); a function is read when the app is built (a server's port). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Registers extra routes before the app is ready (test-only probes of shared plugins). */
  register?: (app: FastifyInstance) => void;
  /** The app's clock (e.g. a manualClock() the test moves); default the system clock. */
  clock?: Clock;
  /** The app's logger (default none): a test that reads what the app logs gives it a stream. */
  logger?: BuildOptions['logger'];
  /** On the embedded default (an in-memory PGlite: one connection) even when the suite has PostgreSQL. */
  embedded?: boolean;
}

/** A private database: cloned from the template on PostgreSQL, or a fresh PGlite in the fallback mode. */
export async function privateDatabase(embedded = false): Promise<{
  db: Kysely<DB>;
  url?: string;
  drop: () => Promise<void>;
}> {
  const pgInfo = inject('pg');
  if (embedded || pgInfo.mode === 'pglite') {
    const db = await openDatabase({ mode: 'embedded', dataDir: `memory://${uniqueDbName()}` });
    return { db, drop: async () => undefined };
  }
  const name = uniqueDbName();
  const server = { adminUrl: pgInfo.adminUrl, urlFor: (d: string) => pgInfo.urlTemplate.replace('{db}', d) };
  const url = await createDatabase(server, name, TEMPLATE_DB);
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 5 }) }),
  });
  return { db, url, drop: () => dropDatabase(server, name) };
}

export function setupTestApp(options: TestAppOptions = {}): TestContext {
  const ctx = {} as TestContext;
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const database = await privateDatabase(options.embedded);
    drop = database.drop;
    ctx.dataDir = await mkdtemp(join(tmpdir(), 'bindery-api-'));
    ctx.config = parseEnv({
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: ctx.dataDir,
      LOG_LEVEL: 'silent',
      // Every response checked against its contract and against what production would write
      // (lib/response-serializer.ts): the whole suite proves the production serializer.
      NODE_ENV: 'test',
      // Tests run jobs themselves (the job's function, or t.app.jobs.tick()), never on a timer.
      JOBS_ENABLED: 'false',
      // Production may start at once unless a test sets the cancel window (docs/decisions/0072).
      PRODUCTION_DELAY_MINUTES: '0',
      ...(typeof options.env === 'function' ? options.env() : options.env),
    });
    ctx.db = database.db;
    ctx.app = await buildApp({
      config: ctx.config,
      db: database.db,
      clock: options.clock,
      logger: options.logger,
    });
    options.register?.(ctx.app);
    await ctx.app.ready();
    // What a test writes straight into the database is written as this instance would write it: through the app's
    // handle, whose write watch drops the lists' cached counts (src/db/count-cache.ts). The same connections.
    ctx.db = ctx.app.db;
    if (!database.url) await runStartupTasks(ctx.app);
  });
  afterAll(async () => {
    // `ctx` is filled in beforeAll, which may have failed before the app or the database existed.
    const partial = ctx as Partial<TestContext>;
    await partial.app?.close();
    await partial.db?.destroy();
    await drop();
    if (ctx.dataDir) await rm(ctx.dataDir, { recursive: true, force: true });
  });
  return ctx;
}

let userCounter = 0;

/** Creates a verified user directly in the database and returns it with a session and its access token. */
export async function createUser(
  ctx: TestContext,
  overrides: {
    email?: string;
    name?: string;
    password?: string;
    is_admin?: boolean;
    is_verified?: boolean;
  } = {},
) {
  const password = overrides.password ?? 'Sup3r-secret!';
  userCounter += 1;
  const user = await insertUser(ctx.db, {
    email: overrides.email ?? `user${userCounter}-${Date.now()}@example.test`,
    name: overrides.name ?? `User ${userCounter}`,
    password_hash: await hashPassword(password),
    is_admin: overrides.is_admin ?? false,
    is_verified: overrides.is_verified ?? true,
  });
  const sessionId = randomUUID();
  // An admin's session is the admin app's, the only kind that acts as staff (docs/decisions/0052).
  await insertSession(ctx.db, {
    id: sessionId,
    user_id: user.id,
    expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000),
    app: user.is_admin ? 'admin' : 'shop',
  });
  const token = ctx.app.issueAccessToken(user, sessionId);
  return { user, password, sessionId, token, auth: { authorization: `Bearer ${token}` } };
}

/**
 * Another session of an existing user (its own bearer header): for a call that ends the session it uses. An admin's
 * is the admin app's, as createUser's.
 */
export async function newSession(
  ctx: TestContext,
  user: { id: number; token_version: number; is_admin?: boolean },
) {
  const sessionId = randomUUID();
  await insertSession(ctx.db, {
    id: sessionId,
    user_id: user.id,
    expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000),
    app: user.is_admin ? 'admin' : 'shop',
  });
  return { authorization: `Bearer ${ctx.app.issueAccessToken(user, sessionId)}` };
}

/** app.inject with a JSON body, returning the parsed JSON too. */
export async function request(ctx: TestContext, opts: InjectOptions) {
  const res = await ctx.app.inject(opts);
  let parsed: unknown;
  try {
    parsed = res.json();
  } catch {
    parsed = undefined;
  }
  // `data` is `unknown` (ADR 0044): it serves whole-body comparisons (`toEqual`, `toMatchObject`); a test that reads
  // a body's fields parses it with json(res, Schema).
  return Object.assign(res, { body: res.body, data: parsed });
}

/**
 * The value, or a failure that names what was missing: for test data the test knows is there (a row just
 * inserted, the first item of a list it filled), instead of a `!` that would fail later with "cannot read
 * properties of undefined".
 */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}

/**
 * An injected response's JSON body parsed by its contract schema: the test reads a typed body, and an answer
 * that drifted from the contract fails here with zod's path rather than as an `undefined` further down.
 */
export function json<S extends z.ZodType>(res: Pick<LightMyRequestResponse, 'json'>, schema: S): z.output<S> {
  return schema.parse(res.json());
}

/** The field names of a JSON object body as sent, sorted (parsing by a contract schema would drop extra fields). */
export function bodyKeys(res: Pick<LightMyRequestResponse, 'json'>): string[] {
  return Object.keys(json(res, z.record(z.string(), z.unknown()))).sort();
}

/**
 * `expect.any(String)` and `expect.any(Number)` as `unknown`: vitest types its asymmetric matchers as `any`, which
 * the type-checked lint refuses inside a typed `toEqual({...})` object (no-unsafe-assignment).
 */
export const anyString: unknown = expect.any(String);
export const anyNumber: unknown = expect.any(Number);

/** Resolves once `check` holds, polling every 20 ms (a bounded wait on a condition, never a fixed sleep); fails after `ms`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms = 15_000,
  what = 'the condition',
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
