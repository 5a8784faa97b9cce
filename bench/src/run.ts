/**
 * `pnpm bench` (bench/README.md): the scale benchmarks in one bounded run.
 * 1. A throw-away PostgreSQL (@bindery/pg-test) and the built API (`node apps/api/dist/server.js`, migrating and
 *    seeding it as any start does), logging at LOG_LEVEL info as the run command's does.
 * 2. seed.ts: 100,000 customers, 100,000 orders (120,000 books), one customer with 20,000 projects.
 * 3. Each list's first page and a filtered search (server time over a kept-alive loopback connection: median of
 *    30 after 5 warm-ups; bytes raw and as a browser receives them), and GET api/health measured the same way:
 *    every time is also given as a multiple of the health route's.
 * 4. Quotes (POST api/calculator/calculate/) at a steady 200 req/s for 10 s while two connections fetch lists
 *    without pause: the quote p99, and how many lists were served meanwhile.
 * 5. Quote req/s against a bare Fastify hello-world in its own process: 3 alternating rounds of 5 s, 10
 *    connections; the median round's ratio (goal ≥ 0.5). Beside it, in the same rounds, a bare Fastify POST of
 *    the quote's body answering the quote's answer (hello-server.ts post): the ratio any POST route of that size
 *    reaches before doing any work, so the quote's figure can be read against what the framework allows.
 * 6. The admin's Manage Orders page in Chromium (/usr/bin/chromium or CHROME_PATH, playwright-core): from
 *    navigation to its first row, median of 3.
 * Prints everything and writes the table into bench/README.md (between the results markers).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { createDatabase, freePort, startPostgres } from '@bindery/pg-test';
import { firstLine, outputSettled, start, waitUntilUp, type Child } from './processes.js';
import { measure, quantile, type Figure } from './measure.js';
import { SCALE, seed } from './seed.js';
import { defined } from './defined.js';
import { printBookQuoteBody } from '../../apps/api/bench/harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const ADMIN = { email: 'bench-admin@bench.test', password: 'Bench-admin-password-1' };
const CUSTOMER_EMAIL = 'bench-customer@bench.test';

for (const built of ['apps/api/dist/server.js', 'apps/admin/dist/index.html']) {
  if (!existsSync(join(root, built))) {
    console.error(
      `${built} is missing: build first (pnpm turbo run build --filter=@bindery/api --filter=@bindery/admin)`,
    );
    process.exit(1);
  }
}

const children: Child[] = [];
const pgServer = await startPostgres();
const scratch = await mkdtemp(join(os.tmpdir(), 'bindery-bench-'));
const loadAtStart = defined(os.loadavg()[0], 'the 1-minute load average');
try {
  const databaseUrl = await createDatabase(pgServer, 'bench');
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const apiEnv = (port: number, name: string, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    API_PORT: String(port),
    DATA_DIR: join(scratch, name),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
    JOBS_ENABLED: 'false',
    ...extra,
  });
  const api = start(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    cwd: join(root, 'apps/api'),
    env: apiEnv(apiPort, 'data'),
  });
  children.push(api);
  await waitUntilUp(`${apiUrl}/api/health`, api);
  // A second instance on the same database that counts every list's "n of m" on every request
  // (COUNT_CACHE_SECONDS=0): the lists' table is measured there, so its figures are what a page costs when its
  // count must be made, not the cached count's (docs/decisions/0047). Everything else uses the default instance.
  const countingPort = await freePort();
  const countingUrl = `http://127.0.0.1:${countingPort}`;
  const counting = start(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    cwd: join(root, 'apps/api'),
    env: apiEnv(countingPort, 'data-counting', { COUNT_CACHE_SECONDS: '0' }),
  });
  children.push(counting);
  await waitUntilUp(`${countingUrl}/api/health`, counting);

  // The customer shares the admin's password hash: a real hash, made by the API, without a sign-up by mail.
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const customerId = Number(
    defined(
      (
        await db.query<{ id: string }>(
          `insert into users (email, name, password_hash, is_verified)
           select $1, 'Bench Customer', password_hash, true from users where email = $2 returning id`,
          [CUSTOMER_EMAIL, ADMIN.email],
        )
      ).rows[0],
      'the bench customer',
    ).id,
  );
  const seedStarted = performance.now();
  const steps = await seed(db, customerId);
  const seedMs = Math.round(performance.now() - seedStarted);
  const pgVersion = defined(
    (await db.query<{ server_version: string }>('show server_version')).rows[0],
    'the server version',
  ).server_version;
  await db.end();
  console.info(
    `seeded in ${(seedMs / 1000).toFixed(1)} s: ${steps.map((s) => `${s.step} ${s.rows} (${s.ms} ms)`).join(', ')}`,
  );

  const login = async (email: string) => {
    const res = await fetch(`${apiUrl}/api/users/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: ADMIN.password }),
    });
    if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return { authorization: `Bearer ${((await res.json()) as { access: string }).access}` };
  };
  const admin = await login(ADMIN.email);
  const customer = await login(CUSTOMER_EMAIL);

  // ------------------------------------------------------------------------------------------------ lists
  const lists: { name: string; path: string; auth: Record<string, string> }[] = [
    { name: 'health', path: '/api/health', auth: {} },
    { name: 'admin orders', path: '/api/admin/orders/', auth: admin },
    { name: 'admin orders, search', path: '/api/admin/orders/?q=reader4242', auth: admin },
    { name: 'admin orders, shipped', path: '/api/admin/orders/?status=shipped', auth: admin },
    { name: 'all-orders (projects)', path: '/api/book/all-orders/', auth: admin },
    { name: 'admin users', path: '/api/users/admin/users/', auth: admin },
    { name: 'admin users, search', path: '/api/users/admin/users/?q=reader4242', auth: admin },
    { name: 'my-books (20,000)', path: '/api/book/my-books/', auth: customer },
    { name: 'my-books, search', path: '/api/book/my-books/?q=my%20book%201234', auth: customer },
    { name: 'my-books, by title', path: '/api/book/my-books/?sort=title', auth: customer },
    { name: 'customer orders (2,000)', path: '/api/orders/', auth: customer },
    { name: 'customer orders, shipped', path: '/api/orders/?status=shipped', auth: customer },
  ];
  const figures: (Figure & { name: string; path: string })[] = [];
  for (const list of lists) {
    figures.push({
      name: list.name,
      path: list.path,
      ...(await measure(`${countingUrl}${list.path}`, list.auth)),
    });
  }
  const health = defined(figures[0], 'the health figure');

  // ------------------------------------------------------------------------------- quotes while lists load
  // The same Print Book configuration as the API's own benchmarks (one definition: apps/api/bench/harness.ts).
  const quote = {
    url: `${apiUrl}/api/calculator/calculate/`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: await printBookQuoteBody(`${apiUrl}/api/calculator`),
  };
  const check = await fetch(quote.url, quote);
  if (check.status !== 200) throw new Error(`calculate answered ${check.status}: ${await check.text()}`);
  const quoteAnswer = await check.text();

  // The same mixed load as the quote-vs-Fastify rounds below are read: a warm-up first (the list and quote paths
  // under this load, and PostgreSQL's plans, are cold right after the single-request measures), then three rounds,
  // the median round reported with every round beside it.
  const underLoad = { seconds: 10, warmUpSeconds: 3, rounds: 3, quoteRate: 200, listConnections: 2 };
  const mixedRound = async (seconds: number) => {
    const listLoad = autocannon({
      url: apiUrl,
      connections: underLoad.listConnections,
      duration: seconds,
      requests: lists.slice(1).map((l) => ({
        method: 'GET' as const,
        path: l.path,
        headers: { ...l.auth, 'accept-encoding': 'br, gzip' },
      })),
    });
    const quotes = await autocannon({
      ...quote,
      connections: 4,
      overallRate: underLoad.quoteRate,
      duration: seconds,
    });
    const listed = await listLoad;
    if (quotes.non2xx || quotes.errors || listed.non2xx || listed.errors) {
      throw new Error(
        `under load: quotes ${quotes.non2xx} non-2xx ${quotes.errors} errors, lists ${listed.non2xx} non-2xx ${listed.errors} errors`,
      );
    }
    return {
      p99: quotes.latency.p99,
      p50: quotes.latency.p50,
      lists: listed.requests.total,
      listP99: listed.latency.p99,
    };
  };
  await mixedRound(underLoad.warmUpSeconds);
  const mixedRounds: Awaited<ReturnType<typeof mixedRound>>[] = [];
  for (let round = 0; round < underLoad.rounds; round += 1)
    mixedRounds.push(await mixedRound(underLoad.seconds));
  const underLoadMid = defined(
    [...mixedRounds].sort((a, b) => a.p99 - b.p99)[1],
    'the middle round under load',
  );

  // ------------------------------------------------------------------------------ quote vs bare Fastify
  // Each port is awaited from its first line, read from the moment the process starts (a line is not kept).
  const portOf = (child: Child) =>
    firstLine(child, (line) =>
      line.startsWith('{"hello"') ? (JSON.parse(line) as { hello: number }).hello : undefined,
    );
  const hello = start(process.execPath, ['--import', 'tsx', join(here, 'hello-server.ts')], { cwd: here });
  children.push(hello);
  const helloPortRead = portOf(hello);
  const postFloor = start(process.execPath, ['--import', 'tsx', join(here, 'hello-server.ts'), 'post'], {
    cwd: here,
    env: { BENCH_POST_ANSWER: quoteAnswer },
  });
  children.push(postFloor);
  const floorPortRead = portOf(postFloor);
  const helloPort = await helloPortRead;
  const floorTarget = { ...quote, url: `http://127.0.0.1:${await floorPortRead}/` };
  const rate = async (target: autocannon.Options, duration: number) => {
    const r = await autocannon({ ...target, connections: 10, duration });
    if (r.non2xx || r.errors) throw new Error(`${target.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { rps: r.requests.average, p99: r.latency.p99 };
  };
  const helloTarget = { url: `http://127.0.0.1:${helloPort}/` };
  await rate(helloTarget, 1);
  await rate(floorTarget, 1);
  const logBefore = api.stdoutBytes();
  const warm = await autocannon({ ...quote, connections: 10, duration: 1 });
  // The API buffers its log lines (apps/api/src/lib/log-destination.ts): count them once it has written them out.
  await outputSettled(api);
  const logPerQuote = (api.stdoutBytes() - logBefore) / Math.max(1, warm.requests.total);
  const rounds: {
    hello: { rps: number; p99: number };
    quote: { rps: number; p99: number };
    floor: { rps: number; p99: number };
    ratio: number;
    floorRatio: number;
  }[] = [];
  for (let round = 0; round < 3; round += 1) {
    const h = await rate(helloTarget, 5);
    const q = await rate(quote, 5);
    const f = await rate(floorTarget, 5);
    rounds.push({ hello: h, quote: q, floor: f, ratio: q.rps / h.rps, floorRatio: f.rps / h.rps });
  }
  const mid = defined([...rounds].sort((a, b) => a.ratio - b.ratio)[1], 'the middle round');
  const midFloor = defined(
    [...rounds].sort((a, b) => a.floorRatio - b.floorRatio)[1],
    'the middle round of the floor',
  );

  // --------------------------------------------------------------------------- Manage Orders in Chromium
  const adminPort = await freePort();
  const adminRequire = createRequire(join(root, 'apps/admin/package.json'));
  const spaBin = join(
    dirname(adminRequire.resolve('@bindery/spa-server/package.json')),
    'bin',
    'bindery-spa-server.js',
  );
  const adminApp = start(
    process.execPath,
    [spaBin, '--name', 'admin', '--port-var', 'ADMIN_PORT', '--default-port', '5174'],
    {
      cwd: join(root, 'apps/admin'),
      env: { ADMIN_PORT: String(adminPort), API_PROXY_TARGET: apiUrl },
    },
  );
  children.push(adminApp);
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  await waitUntilUp(adminUrl, adminApp);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' });
  const firstRowMs: number[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(`${adminUrl}/login`);
    const main = page.getByRole('main');
    await main.getByLabel('Email', { exact: true }).fill(ADMIN.email);
    await main.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${adminUrl}/admin`);
    for (let i = 0; i < 4; i += 1) {
      const started = performance.now();
      await page.goto(`${adminUrl}/admin/orders`);
      await page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: 30_000 });
      // The first load fills the browser's cache of the app's files, as any visit after the first finds it.
      if (i > 0) firstRowMs.push(performance.now() - started);
    }
  } finally {
    await browser.close();
  }
  const firstRow = quantile(firstRowMs, 0.5);

  // ------------------------------------------------------------------------------------------ report
  const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const x = (n: number) => `${(n / health.median).toFixed(1)}×`;
  const machine = `${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, PostgreSQL ${pgVersion}; load average ${loadAtStart.toFixed(1)} at the start, ${defined(os.loadavg()[0], 'the 1-minute load average').toFixed(1)} at the end`;
  const ok = (good: boolean) => (good ? 'yes' : '**no**');
  const rows = figures.map(
    (f) =>
      `| ${f.name} | \`${f.path}\` | ${ms(f.median)} (p95 ${ms(f.p95)}) | ${x(f.median)} | ${kb(f.rawBytes)} | ${kb(f.wireBytes)} ${f.encoding} | ${f.name === 'health' ? '' : ok(f.median < 50 && f.rawBytes < 100 * 1024)} |`,
  );
  const quoteP99 = underLoadMid.p99;
  const table = [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}.`,
    '',
    `Seeded: ${SCALE.users.toLocaleString('en-US')} customers, ${SCALE.orders.toLocaleString('en-US')} orders holding ${SCALE.projects.toLocaleString('en-US')} books, one customer with ${SCALE.customerProjects.toLocaleString('en-US')} projects and ${SCALE.customerOrders.toLocaleString('en-US')} orders, in ${(seedMs / 1000).toFixed(1)} s.`,
    '',
    '| List | Request | Server time, ms (median of 30, counted every time) | × health | JSON | Sent (browser) | < 50 ms and < 100 KB |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '| Measure | Figure | × health | Goal | Met |',
    '| --- | --- | --- | --- | --- |',
    `| Quote p99 at ${underLoad.quoteRate} req/s while ${underLoad.listConnections} connections fetch lists (after ${underLoad.warmUpSeconds} s of warm-up, median of ${underLoad.rounds} rounds × ${underLoad.seconds} s: ${underLoadMid.lists} lists served, p99 ${underLoadMid.listP99} ms) | ${quoteP99} ms (p50 ${underLoadMid.p50} ms; rounds ${mixedRounds.map((r) => r.p99).join(', ')} ms) | ${x(quoteP99)} | < 10 ms | ${ok(quoteP99 < 10)} |`,
    `| Quote req/s vs bare Fastify hello-world (10 connections, median of 3 rounds × 5 s) | ${Math.round(mid.quote.rps).toLocaleString('en-US')} vs ${Math.round(mid.hello.rps).toLocaleString('en-US')} req/s = **${mid.ratio.toFixed(2)}×** (rounds ${rounds.map((r) => r.ratio.toFixed(2)).join(', ')}) | | ≥ 0.5× | ${ok(mid.ratio >= 0.5)} |`,
    `| Bare Fastify POST of the quote's body answering its ${quoteAnswer.length} bytes (no hooks, no log) vs the hello-world, same rounds: the quote's ceiling | ${Math.round(midFloor.floor.rps).toLocaleString('en-US')} vs ${Math.round(midFloor.hello.rps).toLocaleString('en-US')} req/s = ${midFloor.floorRatio.toFixed(2)}× (rounds ${rounds.map((r) => r.floorRatio.toFixed(2)).join(', ')}) | | | |`,
    `| Bytes logged per quote at LOG_LEVEL info | ${logPerQuote.toFixed(0)} B | | | |`,
    `| Manage Orders (/admin/orders) in Chromium: navigation to its first row (median of 3, app files cached) | ${Math.round(firstRow)} ms (${firstRowMs.map((v) => Math.round(v)).join(', ')}) | ${x(firstRow)} | < 1 s | ${ok(firstRow < 1000)} |`,
  ].join('\n');
  console.info(`\n${table}\n`);
  const readme = join(root, 'bench/README.md');
  const text = await readFile(readme, 'utf8');
  const [startMark, endMark] = ['<!-- results:start -->', '<!-- results:end -->'];
  const from = text.indexOf(startMark);
  const to = text.indexOf(endMark);
  if (from >= 0 && to > from && !process.env.BENCH_NO_README) {
    await writeFile(readme, `${text.slice(0, from + startMark.length)}\n${table}\n${text.slice(to)}`);
    console.info('bench/README.md updated');
  }
} finally {
  for (const child of children.reverse()) await child.stop();
  await pgServer.stop();
  await rm(scratch, { recursive: true, force: true });
}
