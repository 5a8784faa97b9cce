/**
 * Starts everything the browser tests need, all on 127.0.0.1, and returns the teardown: the stack of each
 * project of the config (support/stacks.ts), side by side when there are two (playwright.all.config.ts, ADR 0079).
 * - PostgreSQL (project `postgres`): a throw-away PostgreSQL server and an empty database (the API migrates and
 *   seeds it on start); an in-process SMTP server that writes every message to E2E_MAIL_DIR/<n>.eml (tests read
 *   mail there); the fake Stripe and PayPal (@bindery/payment-fakes) in this process, the API given their keys
 *   exactly as the real services' (live payment mode; only the base URLs differ); the production builds:
 *   `node apps/api/dist/server.js`, and the SPA server (@bindery/spa-server) of apps/web and apps/admin.
 * - The README's run command (project `embedded`): `pnpm start` itself, only
 *   with other ports, a throw-away DATA_DIR and the admin's e-mail and password: embedded PGlite, mail written to
 *   DATA_DIR/outbox (then E2E_MAIL_DIR), and no payment keys, so the API runs in test payment mode with
 *   Bindery's own Stripe and PayPal test servers (docs/decisions/0028), which the browser pays through.
 * Either way the fake Stripe's hosted Pay page sends the signed webhook to the API, and its PayPal approval page
 * returns to the web app. Each stack's values are published in process.env as E2E_<STACK>_* (API_URL, WEB_URL,
 * ADMIN_URL, the seeded admin's ADMIN_EMAIL / ADMIN_PASSWORD, PAYMENTS_TEST_MODE '1' in test payment mode, ...);
 * tests read those of their project through support/env.ts. Server logs go to test-results/servers/<stack>/*.log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { startMailCatcher } from '@bindery/mail-test';
import { apiEnv } from '@bindery/payment-fakes/api-env';
import { startFakePaypal } from '@bindery/payment-fakes/paypal';
import { startFakeStripe } from '@bindery/payment-fakes/stripe';
import { createDatabase, freePort, startPostgres } from '@bindery/pg-test';
import { defined } from './defined.js';
import { stackOf, type Stack } from './stacks.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const serverLogs = resolve(here, '../test-results/servers');

/** The SPA server the apps' `start` scripts run (tooling/spa-server), as installed for `app`. */
function spaServerBin(app: string) {
  const req = createRequire(join(root, 'apps', app, 'package.json'));
  return join(dirname(req.resolve('@bindery/spa-server/package.json')), 'bin', 'bindery-spa-server.js');
}

function startProcess(
  logDir: string,
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  detached = false,
): ChildProcess {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, `${name}.log`));
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return child;
}

/** Ends a child, or with `group` its whole process group (turbo and the servers it started), and waits. */
async function stopProcess(child: ChildProcess, group = false) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  if (group) process.kill(-defined(child.pid, 'the pid of a started process'), 'SIGINT');
  else child.kill('SIGTERM');
  await exited;
}

/** The fake Stripe's URL from the start-up lines of an API in test payment mode (server.ts prints them). */
async function stripeUrlFromLog(file: string, timeoutMs = 15_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const found = /Stripe (http:\/\/[^\s,]+)/.exec(existsSync(file) ? readFileSync(file, 'utf8') : '');
    if (found) return defined(found[1], 'the Stripe URL group');
    if (Date.now() - started > timeoutMs) throw new Error(`no test Stripe URL in ${file}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitFor(url: string, child: ChildProcess, logDir: string, name: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with ${child.exitCode}; see ${logDir}/${name}.log`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs} ms; see ${logDir}/${name}.log`);
}

export default async function globalSetup(config: FullConfig) {
  const stacks = new Set(config.projects.map(stackOf));
  // `pnpm start` has turbo replay the builds into dist/, which the PostgreSQL stack's servers run from: those start
  // once the embedded stack is up, not while their files may be rewritten; everything before (the database, SMTP,
  // the payment fakes) is prepared side by side.
  const embedded = stacks.has('embedded') ? startStack('embedded', Promise.resolve()) : undefined;
  const buildsSettled = embedded?.then(
    () => undefined,
    () => undefined,
  );
  const postgres = stacks.has('postgres') ? startStack('postgres', buildsSettled ?? Promise.resolve()) : undefined;
  const results = await Promise.allSettled([embedded, postgres].filter((s) => s !== undefined));
  const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const teardown = async () => {
    await Promise.all(started.map((s) => s.teardown()));
  };
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  for (const s of started) Object.assign(process.env, s.env);
  return teardown;
}

/** One stack: its servers, and the E2E_<STACK>_* values the tests of its project read (support/env.ts). */
async function startStack(
  stack: Stack,
  buildsSettled: Promise<void>,
): Promise<{ env: Record<string, string>; teardown: () => Promise<void> }> {
  const embedded = stack === 'embedded';
  const logDir = join(serverLogs, stack);
  const scratch = await mkdtemp(join(tmpdir(), 'bindery-e2e-'));
  const dataDir = join(scratch, 'data');
  const pg = embedded ? undefined : await startPostgres();
  // Workers are other processes: mail reaches them as .eml files, from the catcher or the API's own outbox.
  const mailDir = embedded ? join(dataDir, 'outbox') : join(scratch, 'mail');
  mkdirSync(mailDir, { recursive: true });
  const mail = embedded ? undefined : await startMailCatcher({ saveDir: mailDir });
  const database = pg
    ? {
        DATABASE_URL: await createDatabase(pg, 'bindery_e2e'),
        JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        SMTP_URL: defined(mail, 'the mail catcher').url,
      }
    : {};

  const [apiPort, webPort, adminPort] = [await freePort(), await freePort(), await freePort()];
  const urls = {
    api: `http://127.0.0.1:${apiPort}`,
    web: `http://127.0.0.1:${webPort}`,
    admin: `http://127.0.0.1:${adminPort}`,
  };
  const admin = { email: 'e2e-admin@bindery.test', password: 'E2e-Admin-pass1!' };
  // The walks start production right after payment: no cancel window here (docs/decisions/0072).
  const common = {
    API_PORT: String(apiPort),
    WEB_PORT: String(webPort),
    ADMIN_PORT: String(adminPort),
    PRODUCTION_DELAY_MINUTES: '0',
  };
  // Loopback is the API's proxy here (the SPA servers, the test process): test customers sign up from addresses of
  // their own through X-Forwarded-For (support/customer.ts), so the suite stays under the per-IP sign-up limit.
  const proxy = { TRUST_PROXY: 'loopback' };
  const children: { child: ChildProcess; group: boolean }[] = [];
  const fakes: { stop(): Promise<void> }[] = [];
  /** The fake Stripe: started here (PostgreSQL run) or by the API in test payment mode (embedded run, `start`). */
  let stripeUrl = '';
  let api: ChildProcess;
  let web: ChildProcess;
  let adminApp: ChildProcess;

  if (embedded) {
    // The README's run command as a newcomer types it, only on free ports: turbo replays the builds from its cache
    // (runtime settings are not part of their keys) and starts the API and both SPA servers.
    if (!process.env.PATH?.split(delimiter).some((dir) => existsSync(join(dir, 'pnpm')))) {
      throw new Error(
        'The embedded e2e runs `pnpm start`: run it through pnpm (pnpm --filter @bindery/e2e test).',
      );
    }
    const start = startProcess(
      logDir,
      'start',
      'pnpm',
      ['start'],
      root,
      {
        ...common,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'info',
        TURBO_TELEMETRY_DISABLED: '1',
        ...proxy,
      },
      true,
    );
    children.push({ child: start, group: true });
    api = web = adminApp = start;
  } else {
    // The API's port is chosen above, so the fake Stripe knows where to deliver its webhooks before the API runs.
    const stripe = await startFakeStripe({ webhookUrl: `${urls.api}/api/stripe/webhook/` });
    const paypal = await startFakePaypal();
    fakes.push(stripe, paypal);
    stripeUrl = stripe.url;
    await buildsSettled;
    api = startProcess(
      logDir,
      'api',
      process.execPath,
      [join(root, 'apps/api/dist/server.js')],
      join(root, 'apps/api'),
      {
        ...common,
        ...database,
        ...apiEnv(stripe, paypal),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        PUBLIC_WEB_URL: urls.web,
        PUBLIC_ADMIN_URL: urls.admin,
        PUBLIC_API_URL: urls.api,
        LOG_LEVEL: 'info',
        ...proxy,
      },
    );
    const spa = (app: string, portVar: string) =>
      startProcess(
        logDir,
        app,
        process.execPath,
        [spaServerBin(app), '--name', app, '--port-var', portVar],
        join(root, 'apps', app),
        common,
      );
    web = spa('web', 'WEB_PORT');
    adminApp = spa('admin', 'ADMIN_PORT');
    children.push(
      { child: api, group: false },
      { child: web, group: false },
      { child: adminApp, group: false },
    );
  }

  const teardown = async () => {
    await Promise.all(children.map(({ child, group }) => stopProcess(child, group)));
    await Promise.all(fakes.map((f) => f.stop()));
    await mail?.stop();
    await pg?.stop();
    await rm(scratch, { recursive: true, force: true });
  };

  let paymentsTestMode = false;
  try {
    // The first `pnpm start` of a checkout may have to build: give it minutes, not seconds.
    await waitFor(`${urls.api}/api/health`, api, logDir, embedded ? 'start' : 'api', embedded ? 300_000 : 90_000);
    await waitFor(urls.web, web, logDir, embedded ? 'start' : 'web');
    await waitFor(urls.admin, adminApp, logDir, embedded ? 'start' : 'admin');
    const config = (await (await fetch(`${urls.api}/api/config`)).json()) as {
      payments?: { test_mode?: boolean };
    };
    paymentsTestMode = config.payments?.test_mode === true;
    if (paymentsTestMode !== embedded) {
      throw new Error(`payments test_mode is ${paymentsTestMode}, expected ${embedded} (see ${logDir})`);
    }
    // In test payment mode the API prints where its test servers listen ("Stripe http://…, PayPal http://…").
    if (embedded) stripeUrl = await stripeUrlFromLog(join(logDir, 'start.log'));
  } catch (error) {
    await teardown();
    throw error;
  }

  const prefix = `E2E_${stack.toUpperCase()}_`;
  const env = {
    API_URL: urls.api,
    WEB_URL: urls.web,
    ADMIN_URL: urls.admin,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    MAIL_DIR: mailDir,
    DATABASE_LABEL: embedded ? 'embedded' : 'PostgreSQL',
    // The fake Stripe's own URL: tests ask it what it received (GET /__fake/requests?kind=refund.create).
    STRIPE_URL: stripeUrl,
    PAYMENTS_TEST_MODE: paymentsTestMode ? '1' : '',
  };
  return {
    env: Object.fromEntries(Object.entries(env).map(([name, value]) => [prefix + name, value])),
    teardown,
  };
}
