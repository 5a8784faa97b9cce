/**
 * Starts everything the browser tests need, all on 127.0.0.1, and returns the teardown:
 * - a throw-away PostgreSQL server and an empty database (the API migrates and seeds it on start);
 * - an in-process SMTP server that writes every message to E2E_MAIL_DIR/<n>.eml (tests read mail there);
 * - or, with E2E_DATABASE=embedded (playwright.embedded.config.ts), neither: the API runs as the README's
 *   first command runs it, on embedded PGlite with mail written to DATA_DIR/outbox (then E2E_MAIL_DIR);
 * - the fake Stripe and PayPal (@bindery/payment-fakes) in this process, the API configured for them exactly as
 *   for the real services (only the base URLs differ): the fake's hosted Pay page sends the signed webhook to the
 *   API, its PayPal approval page returns to the web app;
 * - the production builds: `node apps/api/dist/server.js`, and `vite preview` of apps/web and apps/admin.
 * Tests find the URLs in process.env (E2E_API_URL, E2E_WEB_URL, E2E_ADMIN_URL) and the seeded admin in
 * E2E_ADMIN_EMAIL / E2E_ADMIN_PASSWORD. Server logs go to test-results/servers/*.log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from '@bindery/mail-test';
import { apiEnv } from '@bindery/payment-fakes/api-env';
import { startFakePaypal } from '@bindery/payment-fakes/paypal';
import { startFakeStripe } from '@bindery/payment-fakes/stripe';
import { createDatabase, freePort, startPostgres } from '@bindery/pg-test';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const logDir = resolve(here, '../test-results/servers');

function viteBin(app: string) {
  const req = createRequire(join(root, 'apps', app, 'package.json'));
  return join(dirname(req.resolve('vite/package.json')), 'bin', 'vite.js');
}

function startProcess(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, `${name}.log`));
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

async function waitFor(url: string, child: ChildProcess, name: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see ${logDir}/${name}.log`);
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

export default async function globalSetup() {
  const embedded = process.env.E2E_DATABASE === 'embedded';
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
        SMTP_URL: mail!.url,
      }
    : {};

  const [apiPort, webPort, adminPort] = [await freePort(), await freePort(), await freePort()];
  const urls = {
    api: `http://127.0.0.1:${apiPort}`,
    web: `http://127.0.0.1:${webPort}`,
    admin: `http://127.0.0.1:${adminPort}`,
  };
  const admin = { email: 'e2e-admin@bindery.test', password: 'E2e-Admin-pass1!' };
  const common = { API_PORT: String(apiPort), WEB_PORT: String(webPort), ADMIN_PORT: String(adminPort) };
  // The API's port is chosen above, so the fake Stripe knows where to deliver its webhooks before the API runs.
  const stripe = await startFakeStripe({ webhookUrl: `${urls.api}/api/stripe/webhook/` });
  const paypal = await startFakePaypal();
  const children: ChildProcess[] = [];
  const api = startProcess('api', [join(root, 'apps/api/dist/server.js')], join(root, 'apps/api'), {
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
  });
  children.push(api);
  const web = startProcess('web', [viteBin('web'), 'preview'], join(root, 'apps/web'), common);
  const adminApp = startProcess('admin', [viteBin('admin'), 'preview'], join(root, 'apps/admin'), common);
  children.push(web, adminApp);

  const teardown = async () => {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    await Promise.all([stripe.stop(), paypal.stop()]);
    await mail?.stop();
    await pg?.stop();
    await rm(scratch, { recursive: true, force: true });
  };

  try {
    await waitFor(`${urls.api}/api/health`, api, 'api');
    await waitFor(urls.web, web, 'web');
    await waitFor(urls.admin, adminApp, 'admin');
  } catch (error) {
    await teardown();
    throw error;
  }

  Object.assign(process.env, {
    E2E_API_URL: urls.api,
    E2E_WEB_URL: urls.web,
    E2E_ADMIN_URL: urls.admin,
    E2E_ADMIN_EMAIL: admin.email,
    E2E_ADMIN_PASSWORD: admin.password,
    E2E_MAIL_DIR: mailDir,
    E2E_DATABASE_LABEL: embedded ? 'embedded' : 'PostgreSQL',
    // The fake Stripe's own URL: tests ask it what it received (GET /__fake/requests?kind=refund.create).
    E2E_STRIPE_URL: stripe.url,
  });
  return teardown;
}
