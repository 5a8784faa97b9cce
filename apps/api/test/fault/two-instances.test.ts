/**
 * The fault suite: two API processes (`src/server.ts` under tsx, exactly as `pnpm dev` runs
 * it, started at the same moment on a fresh database) share one PostgreSQL and one data directory, behind a
 * "proxy" (this test sends each virtual client's address in X-Forwarded-For; the API trusts loopback, as it
 * trusts nginx in docker-compose). A bounded mixed load runs against both: anonymous quotes, and customers who
 * sign up (following the real verification mail), log in, upload a PDF, create a project and order it. Meanwhile
 * PostgreSQL is stopped and started twice (a fast shutdown, then a crash-like immediate one).
 *
 * What must hold: no API process dies; no answer is a 5xx other than the 503 of an unavailable database, and
 * none takes more than 10 s; both instances are healthy again within 10 s of the database; every order a
 * customer was told about exists exactly once, and no other order exists (a submission retried after a 503 is
 * answered with the same order, never a second one).
 *
 * Run alone: `pnpm --filter @bindery/api exec vitest run test/fault/` (about a minute; FAULT_LOAD_SECONDS
 * lengthens the load phase).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '@bindery/mail-test';
import { createDatabase, freePort, startPostgres, type PgServer } from '@bindery/pg-test';
import { CalculateResponse } from '@bindery/contracts/store/catalog';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { MyBooksResponse, UploadBookResponse, UploadedFile } from '@bindery/contracts/store/projects';
import { StoreLoginResponse } from '@bindery/contracts/store/users';
import { TEST_JWT_SECRET } from '../constants.js';
import { defined } from '../helper.js';
import { makePdf, multipartBody } from '../pdf-fixtures.js';

const apiDir = join(import.meta.dirname, '../..');
const ADMIN = { email: 'fault-admin@example.test', password: 'Fault-Admin-pass1!' };
/** How long the mixed load runs; the two restarts happen inside it. */
const LOAD_MS = Number(process.env.FAULT_LOAD_SECONDS ?? 18) * 1000;
/** No answer may take longer (a hang is a failure, not a slow success). */
const ANSWER_LIMIT_MS = 10_000;
const CUSTOMERS = 4;
const QUOTERS = 2;

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  log: string[];
  exited?: string;
}

/** Everything the load saw, checked at the end. */
interface Observed {
  statuses: Map<number, number>;
  /** 503s by route: which steps met the outages. */
  unavailable: Map<string, number>;
  /** 5xx other than 503, 503s that are not the unavailable-database body, answers past the limit, network errors. */
  problems: string[];
  requests: number;
  /** project id → the order id the API answered for it. */
  orders: Map<number, number>;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=@bindery/source', '--import', 'tsx', 'src/server.ts'],
    {
      cwd: apiDir,
      env: { ...process.env, ...env, API_HOST: '127.0.0.1', API_PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const instance: Instance = { name, url: `http://127.0.0.1:${port}`, child, log: [] };
  const keep = (chunk: Buffer) => {
    instance.log.push(chunk.toString());
    if (instance.log.length > 400) instance.log.splice(0, 100);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('exit', (code, signal) => {
    instance.exited = `exited with ${signal ?? code}`;
  });
  return instance;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function healthy(instance: Instance): Promise<boolean> {
  try {
    const res = await fetch(`${instance.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Waits until every instance answers health 200; returns how long that took. Fails past `ms`. */
async function allHealthy(instances: Instance[], ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const dead = instances.find((i) => i.exited);
    if (dead) throw new Error(`${dead.name} ${dead.exited}:\n${dead.log.join('')}`);
    if ((await Promise.all(instances.map(healthy))).every(Boolean)) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not healthy within ${ms} ms`);
    await sleep(100);
  }
}

describe.skipIf(inject('pg').mode !== 'postgres')('two API instances on one PostgreSQL that restarts', () => {
  let server: PgServer;
  let mail: MailCatcher;
  let dataDir: string;
  let instances: Instance[] = [];

  beforeAll(async () => {
    // Durable: after the crash-like restart, every commit the API acknowledged must still be there.
    server = await startPostgres({ durable: true });
    mail = await startMailCatcher();
    const url = await createDatabase(server, 'bindery');
    dataDir = await mkdtemp(join(tmpdir(), 'bindery-fault-'));
    const env = {
      DATABASE_URL: url,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // This test is the proxy: it names each virtual client in X-Forwarded-For, from loopback.
      TRUST_PROXY: 'loopback',
      JOBS_POLL_SECONDS: '1',
    };
    // Both at once on an empty database: migrations, seeds and the admin bootstrap race, as replicas do.
    instances = await Promise.all([startInstance('api-1', env), startInstance('api-2', env)]);
    await allHealthy(instances, 90_000);
  }, 120_000);

  afterAll(async () => {
    for (const i of instances) if (!i.exited) i.child.kill('SIGTERM');
    await Promise.all(
      instances.map((i) => (i.exited ? Promise.resolve() : new Promise((r) => i.child.once('exit', r)))),
    );
    // Unset when beforeAll failed before starting them.
    await (mail as MailCatcher | undefined)?.stop();
    await (server as PgServer | undefined)?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('no process dies, no order is lost or duplicated, health is back within 10 s of the database', async () => {
    const observed: Observed = {
      statuses: new Map(),
      unavailable: new Map(),
      problems: [],
      requests: 0,
      orders: new Map(),
    };
    let turn = 0;
    /** One request to the next instance (round robin, as nginx does), recorded. */
    const call = async (
      path: string,
      init: {
        method?: string;
        ip: string;
        token?: string;
        json?: unknown;
        body?: Buffer;
        headers?: Record<string, string>;
      },
    ) => {
      const instance = defined(instances[turn++ % instances.length], 'an instance');
      const started = Date.now();
      observed.requests += 1;
      try {
        const res = await fetch(`${instance.url}${path}`, {
          method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
          headers: {
            'x-forwarded-for': init.ip,
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
            ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
            ...init.headers,
          },
          body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
          signal: AbortSignal.timeout(ANSWER_LIMIT_MS + 5_000),
        });
        const text = await res.text();
        const ms = Date.now() - started;
        observed.statuses.set(res.status, (observed.statuses.get(res.status) ?? 0) + 1);
        if (res.status === 503) {
          const [route = path] = path.replace(/\/[0-9a-f-]{8,}|\/\d+/g, '/:id').split('?');
          observed.unavailable.set(route, (observed.unavailable.get(route) ?? 0) + 1);
        }
        if (ms > ANSWER_LIMIT_MS)
          observed.problems.push(`${instance.name} ${path}: ${res.status} after ${ms} ms`);
        if (res.status >= 500 && !(res.status === 503 && /SERVICE_UNAVAILABLE|"degraded"/.test(text))) {
          observed.problems.push(`${instance.name} ${path}: ${res.status} ${text.slice(0, 300)}`);
        }
        let data: unknown;
        try {
          data = JSON.parse(text);
        } catch {
          data = undefined;
        }
        // Each check parses the body it expects with its contract schema.
        return { status: res.status, data };
      } catch (error) {
        const { message, cause } = error as Error;
        observed.problems.push(
          `${instance.name} ${path}: ${message} (${cause instanceof Error ? cause.message : ''})`,
        );
        return { status: 0, data: undefined };
      }
    };
    /** Repeats a step while the database is away (503) until it gets another answer; the step's own answer. */
    const untilAnswered = async (step: () => ReturnType<typeof call>, deadline: number) => {
      for (;;) {
        const res = await step();
        if (res.status !== 503 && res.status !== 0) return res;
        if (Date.now() > deadline) throw new Error(`still unavailable at the deadline`);
        await sleep(150);
      }
    };

    // The catalog ids of a print book (US Trade, Perfect Bound, Standard Color, 60# White-Uncoated, Matte).
    type Item = { id: number; name: string; trim_size_id?: number | null };
    const o = (await call('/api/calculator/dropdowns/', { ip: '10.1.0.1' })).data as Record<string, Item[]>;
    const find = (key: string, name: string, trim?: number) =>
      defined(
        o[key]?.find((i) => i.name === name && (trim === undefined || i.trim_size_id === trim)),
        `${key} ${name}`,
      ).id;
    const trim = find('trim_sizes', 'US Trade');
    const configuration = {
      trim_size_id: trim,
      binding_id: find('bindings', 'Perfect Bound', trim),
      interior_color_id: find('interior_colors', 'Standard Color'),
      paper_type_id: find('paper_types', '60# White-Uncoated'),
      cover_finish_id: find('cover_finishes', 'Matte'),
    };
    const pdf = await makePdf(40);
    const address = {
      country: 'US',
      state: 'TX',
      city: 'Austin',
      postal_code: '78701',
      first_name: 'Fault',
      last_name: 'Tolerant',
      address: '1 Congress Ave',
      phone_number: '+1 512 555 0100',
      account_type: 'individual',
      has_resale_cert: false,
    };

    // Customers sign up and log in first; the load (and the faults) start once all of them can order.
    let loadEnds = Number.POSITIVE_INFINITY;
    let finishBy = Date.now() + 120_000;
    let signedIn = 0;
    let startLoad!: () => void;
    const loadStarted = new Promise<void>((resolve) => {
      startLoad = () => {
        loadEnds = Date.now() + LOAD_MS;
        finishBy = loadEnds + 30_000;
        resolve();
      };
    });

    const quoter = async (n: number) => {
      const ip = `10.2.0.${n}`;
      await loadStarted;
      while (Date.now() < loadEnds) {
        const res = await call('/api/calculator/calculate/', {
          ip,
          json: { ...configuration, page_count: 200, quantity: 25 },
        });
        if (res.status === 200) expect(CalculateResponse.parse(res.data).total_cost).toMatch(/^\d+\.\d{2}$/);
        await sleep(res.status === 503 ? 150 : 20);
      }
    };

    const customer = async (n: number) => {
      const ip = `10.3.0.${n}`;
      const email = `fault-${n}-${Date.now()}@example.test`;
      const password = 'Fault-t0lerant!';
      const registered = await untilAnswered(
        () => call('/api/users/register/', { ip, json: { name: `Customer ${n}`, email, password } }),
        finishBy,
      );
      // A sign-up retried after a 503 may find its own account already made (the first attempt committed).
      expect([201, 409], JSON.stringify(registered.data)).toContain(registered.status);
      const message = await mail.waitFor({ to: email, subject: /verify/i }, 30_000);
      const link = new URL(
        defined(
          message.links.find((l) => l.includes('/verify-email/')),
          'the verification link',
        ),
      );
      const verified = await untilAnswered(
        () => call(`/api/users${link.pathname.replace(/\/?$/, '/')}`, { ip }),
        finishBy,
      );
      expect(verified.status, JSON.stringify(verified.data)).toBe(200);
      const logIn = async () => {
        const loggedIn = await untilAnswered(
          () => call('/api/users/login/', { ip, json: { email, password } }),
          finishBy,
        );
        expect(loggedIn.status, JSON.stringify(loggedIn.data)).toBe(200);
        return StoreLoginResponse.parse(loggedIn.data).access;
      };
      await logIn();
      signedIn += 1;
      if (signedIn === CUSTOMERS) startLoad();
      await loadStarted;

      let book = 0;
      do {
        book += 1;
        // Each book starts with a login, so logins (and their shared rate-limit counters) meet the faults too.
        const token = await logIn();
        const upload = multipartBody({ purpose: 'interior' }, [
          { name: `book-${n}-${book}.pdf`, type: 'application/pdf', data: pdf },
        ]);
        const uploaded = await untilAnswered(
          () => call('/api/book/uploads/', { ip, token, body: upload.payload, headers: upload.headers }),
          finishBy,
        );
        expect(uploaded.status, JSON.stringify(uploaded.data)).toBe(201);
        // A project retried after a 503 may have been created by the first attempt: then the retry is refused
        // (its upload is attached) and the project is found in My Books.
        const created = await untilAnswered(
          () =>
            call('/api/book/upload-book/', {
              ip,
              token,
              json: {
                title: `Fault ${n}.${book}`,
                category: 'Print Book',
                pdf_upload_id: UploadedFile.parse(uploaded.data).id,
                configuration,
                quantity: 2,
              },
            }),
          finishBy,
        );
        let projectId: number;
        if (created.status === 201) projectId = UploadBookResponse.parse(created.data).project.id;
        else {
          const mine = await untilAnswered(() => call('/api/book/my-books/', { ip, token }), finishBy);
          const found = MyBooksResponse.parse(mine.data).data.find((p) => p.title === `Fault ${n}.${book}`);
          projectId = defined(found, `project Fault ${n}.${book} after ${JSON.stringify(created.data)}`).id;
        }
        const ordered = await untilAnswered(
          () =>
            call('/api/save-shipping/', {
              ip,
              token,
              json: { user_address: address, project_ids: [projectId], selected_service: 'FEDEX_GROUND' },
            }),
          finishBy,
        );
        expect([200, 201], JSON.stringify(ordered.data)).toContain(ordered.status);
        const orderId = OrderResponse.parse(ordered.data).order.id;
        observed.orders.set(projectId, orderId);
      } while (Date.now() < loadEnds);
    };

    /** New accounts while the faults happen: each sign-up exists once, whatever was retried. */
    const signUps: string[] = [];
    const signer = async () => {
      await loadStarted;
      let n = 0;
      while (Date.now() < loadEnds) {
        n += 1;
        const email = `signup-${n}-${Date.now()}@example.test`;
        const ip = `10.4.${n >> 8}.${n & 255}`;
        const res = await untilAnswered(
          () =>
            call('/api/users/register/', {
              ip,
              json: { name: `Signer ${n}`, email, password: 'Fault-t0lerant!' },
            }),
          finishBy,
        );
        expect([201, 409], JSON.stringify(res.data)).toContain(res.status);
        signUps.push(email);
        await sleep(200);
      }
    };

    const faults = async () => {
      await loadStarted;
      const restarts: { mode: 'fast' | 'immediate'; recoveredMs: number }[] = [];
      for (const mode of ['fast', 'immediate'] as const) {
        await sleep(LOAD_MS / 5);
        await server.halt(mode);
        await sleep(1_500);
        await server.resume();
        restarts.push({ mode, recoveredMs: await allHealthy(instances, 10_000) });
      }
      return restarts;
    };

    const [restarts] = await Promise.all([
      faults(),
      ...Array.from({ length: QUOTERS }, (_, i) => quoter(i + 1)),
      ...Array.from({ length: CUSTOMERS }, (_, i) => customer(i + 1)),
      signer(),
    ]);

    const summary = {
      requests: observed.requests,
      statuses: Object.fromEntries(observed.statuses),
      unavailable: Object.fromEntries(observed.unavailable),
      orders: observed.orders.size,
      signUps: signUps.length,
      restarts,
    };
    console.info('fault suite:', JSON.stringify(summary));

    // No process died, and both answer.
    for (const i of instances) expect(i.exited, `${i.name}:\n${i.log.join('')}`).toBeUndefined();
    await allHealthy(instances, 10_000);
    expect(observed.problems, observed.problems.slice(0, 20).join('\n')).toEqual([]);
    // The database really was away: some requests were refused with 503 meanwhile.
    expect(observed.statuses.get(503) ?? 0).toBeGreaterThan(0);
    for (const r of restarts) expect(r.recoveredMs).toBeLessThan(10_000);
    expect(observed.orders.size).toBeGreaterThanOrEqual(CUSTOMERS);

    // Every order a customer was told about exists exactly once, holding its project; there is no other order.
    const check = new (await import('pg')).default.Client({ connectionString: server.urlFor('bindery') });
    await check.connect();
    try {
      const { rows } = await check.query<{ order_id: number; project_id: number }>(
        `select o.id as order_id, i.project_id from orders o join order_items i on i.order_id = o.id
          where o.status <> 'canceled' order by o.id`,
      );
      const byProject = new Map<number, number[]>();
      for (const r of rows) byProject.set(r.project_id, [...(byProject.get(r.project_id) ?? []), r.order_id]);
      for (const [projectId, orderId] of observed.orders)
        expect(byProject.get(projectId), `project ${projectId}`).toEqual([orderId]);
      expect(new Set(rows.map((r) => r.order_id)).size).toBe(observed.orders.size);
      const { rows: orphans } = await check.query(
        `select id from orders where id not in (select order_id from order_items)`,
      );
      expect(orphans).toEqual([]);
      const { rows: accounts } = await check.query<{ email: string; n: number }>(
        `select email, count(*)::int as n from users where email = any($1) group by email`,
        [signUps],
      );
      expect(accounts).toHaveLength(signUps.length);
      expect(accounts.every((a) => a.n === 1)).toBe(true);
    } finally {
      await check.end();
    }
  }, 150_000);
});
