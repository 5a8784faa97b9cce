/**
 * The API outlives its PostgreSQL: this file starts a PostgreSQL server of its own (the shared test server must
 * not go down under other files), builds the real app on it exactly as server.ts does (its own pool, migrations,
 * seeds, the job scheduler polling), and stops and starts that server mid-test.
 * While the database is away, health answers 503 and every request that needs the database a 503 ErrorBody with a
 * clear message, each within a few seconds; when it is back the app recovers by itself.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { CalculateResponse } from '@bindery/contracts/store/catalog';
import { StoreLoginResponse } from '@bindery/contracts/store/users';
import { createDatabase, startPostgres, type PgServer } from '@bindery/pg-test';
import { buildApp } from '#app.js';
import { runStartupTasks } from '#bootstrap/index.js';
import { openDatabase } from '#db/connect.js';
import { isDatabaseUnavailable } from '#db/unavailable.js';
import { parseEnv } from '#env.js';
import { TEST_JWT_SECRET } from '../constants.js';
import { defined, json } from '../helper.js';

const ADMIN = { email: 'owner@example.test', password: 'Corr3ct-horse!' };

/** Waits for a condition, checking every 50 ms, up to `ms`; returns how long it took. */
async function within(ms: number, condition: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await condition()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(inject('pg').mode !== 'postgres')('a PostgreSQL restart', () => {
  let server: PgServer;
  let app: FastifyInstance;
  /** A second instance of the API on the same database (as behind a load balancer). */
  let other: FastifyInstance;
  let dataDir: string;
  let token: string;
  /** What the first instance logs: the scheduler says when it finds the database gone. */
  const logged: string[] = [];
  const outagesSeen = () =>
    logged.filter((line) => line.includes('job scheduler cannot reach the database')).length;
  /** It says so once per outage (on the change), and again once it reaches the database. */
  const recoveriesSeen = () =>
    logged.filter((line) => line.includes('job scheduler reaches the database again')).length;

  const timed = async (opts: InjectOptions) => {
    const started = Date.now();
    const res = await app.inject(opts);
    return Object.assign(res, { ms: Date.now() - started });
  };
  const health = () => timed({ method: 'GET', url: '/api/health' });
  const login = () =>
    timed({ method: 'POST', url: '/api/users/login/', payload: ADMIN, remoteAddress: '10.9.0.1' });
  const orders = () =>
    timed({ method: 'GET', url: '/api/orders/', headers: { authorization: `Bearer ${token}` } });

  function expectUnavailable(res: Awaited<ReturnType<typeof timed>>) {
    expect(res.statusCode, res.body).toBe(503);
    expect(ErrorBody.parse(res.json())).toEqual({
      error: messages.generic.serviceUnavailable,
      code: 'SERVICE_UNAVAILABLE',
      statusCode: 503,
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.ms).toBeLessThan(5_000);
  }

  beforeAll(async () => {
    server = await startPostgres({ durable: true });
    const url = await createDatabase(server, 'bindery');
    dataDir = await mkdtemp(join(tmpdir(), 'bindery-restart-'));
    const config = parseEnv({
      DATABASE_URL: url,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The scheduler polls the database as in production, and must survive the outage too.
      JOBS_POLL_SECONDS: '1',
    });
    app = await buildApp({
      config,
      logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } },
    });
    await app.ready();
    await runStartupTasks(app);
    other = await buildApp({ config: { ...config, jobs: { ...config.jobs, enabled: false } } });
    await other.ready();
    // The staff token comes from the admin app's sign-in: only an admin-app session acts as staff (ADR 0052).
    const res = await app.inject({ method: 'POST', url: '/api/users/admin/login/', payload: ADMIN, remoteAddress: '10.9.0.1' });
    expect(res.statusCode, res.body).toBe(200);
    token = json(res, StoreLoginResponse).access;
  });

  afterAll(async () => {
    // Unset when beforeAll failed before making them.
    await (other as FastifyInstance | undefined)?.close();
    await (app as FastifyInstance | undefined)?.close();
    await (server as PgServer | undefined)?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  for (const mode of ['fast', 'immediate'] as const) {
    it(`answers 503 while the database is down (${mode} shutdown) and recovers by itself`, async () => {
      // Several idle connections in the pool: each one's end is an 'error' event the pool must survive.
      await Promise.all([health(), login(), orders(), orders()]);
      expect((await orders()).statusCode).toBe(200);

      // A transaction holds a connection between two statements while the database goes away (its session is
      // ended under it): its next statement fails as unavailable, and the process lives on.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const holds = new Promise<void>((resolve) => (holding = resolve));
      const inFlight = app.db
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          holding();
          await held;
          await sql`select 1`.execute(trx);
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      await holds;

      const outagesBefore = outagesSeen();
      const recoveriesBefore = recoveriesSeen();
      await server.halt(mode);
      release();
      expect(isDatabaseUnavailable(await inFlight)).toBe(true);

      const down = await health();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({
        status: 'degraded',
        database: { reachable: false, mode: 'postgres' },
      });
      expect(down.ms).toBeLessThan(5_000);
      expectUnavailable(await login());
      expectUnavailable(await orders());
      // Still down once the scheduler has polled into the outage (it says so): the answers do not change and
      // nothing crashes meanwhile.
      await within(10_000, () => Promise.resolve(outagesSeen() > outagesBefore));
      expectUnavailable(await orders());

      await server.resume();
      const recoveredIn = await within(10_000, async () => (await health()).statusCode === 200);
      expect(recoveredIn).toBeLessThan(10_000);
      expect((await orders()).statusCode).toBe(200);
      expect((await login()).statusCode).toBe(200);
      // The scheduler too is back, and says so: it logs an outage only when it changes, so the next restart of
      // this file must not begin before this one is over for it (the fresh-clone run caught that race).
      await within(10_000, () => Promise.resolve(recoveriesSeen() > recoveriesBefore));
    });
  }

  it('never lets another instance quote an old price after a restart (its LISTEN connection is still away)', async () => {
    const dropdowns = (await app.inject({ method: 'GET', url: '/api/yearbook/dropdowns/' })).json<
      Record<string, { id: number; name: string }[]>
    >();
    const id = (kind: string, name: string) =>
      defined(
        dropdowns[kind]?.find((i) => i.name === name),
        `yearbook ${kind} ${name}`,
      ).id;
    const body = {
      trim_size_id: id('trim_sizes', 'A4'),
      binding_id: id('bindings', 'Case Wrap'),
      interior_color_id: id('interior_colors', 'Premium Color'),
      paper_type_id: id('paper_types', '60# White-Uncoated'),
      cover_finish_id: id('cover_finishes', 'Gloss'),
      page_count: 100,
      quantity: 1,
    };
    const quoteOn = async (instance: FastifyInstance) => {
      const res = await instance.inject({ method: 'POST', url: '/api/yearbook/calculate/', payload: body });
      expect(res.statusCode, res.body).toBe(200);
      return json(res, CalculateResponse).total_cost;
    };
    const setBinding = async (price: string) => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/yearbook/binding-type/${body.binding_id}/update/`,
        payload: { price },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // 9.75 + (0.19 + 0.01) × 100 = 29.75, cached on the other instance now.
    expect(await quoteOn(other)).toBe('29.75');

    await server.halt('immediate');
    await server.resume();
    await within(10_000, async () => (await health()).statusCode === 200);
    // At once, whether or not the other instance listens again yet: while it does not, it checks the version per
    // quote; once it does, the announcement arrives on its own connection a few milliseconds after the commit
    // (LISTEN/NOTIFY is asynchronous, so "at once" cannot be asserted then). Within a second either way; before,
    // it quoted the old price until its reconnect 30 s later.
    await setBinding('12.00');
    await within(1_000, async () => (await quoteOn(other)) === '32.00');
    await setBinding('9.75');
    await within(1_000, async () => (await quoteOn(other)) === '29.75');
  });
});

describe('connection and statement timeouts', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Accepts connections and never answers: a database host that stopped responding (not refusing).
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('gives up connecting to a silent database after the connect timeout', async () => {
    const address = silent.address() as { port: number };
    const db = await openDatabase({
      mode: 'postgres',
      url: `postgres://nobody@127.0.0.1:${address.port}/none`,
      poolMax: 2,
      connectTimeoutMs: 300,
      statementTimeoutMs: 1_000,
    });
    const started = Date.now();
    const error = await sql`select 1`.execute(db).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await db.destroy();
  });

  it.skipIf(inject('pg').mode !== 'postgres')(
    'cancels a statement that runs past the statement timeout',
    async () => {
      const pgInfo = inject('pg') as { adminUrl: string };
      const db = await openDatabase({
        mode: 'postgres',
        url: pgInfo.adminUrl,
        poolMax: 1,
        connectTimeoutMs: 3_000,
        statementTimeoutMs: 200,
      });
      const started = Date.now();
      const error = await sql`select pg_sleep(30)`.execute(db).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(error).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The connection is usable afterwards (the server cancelled the statement, not the session).
      expect((await sql<{ v: number }>`select 1 as v`.execute(db)).rows).toEqual([{ v: 1 }]);
      await db.destroy();
    },
  );
});
