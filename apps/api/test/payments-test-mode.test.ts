/**
 * Test payment mode (docs/decisions/0028) on the path `node dist/server.js` runs (src/start.ts): with no keys the
 * API starts Bindery's own Stripe and PayPal test servers, and an order is paid through them over real HTTP, the
 * same webhook and capture paths as with the real providers: the test Stripe page's Pay sends the signed webhook
 * to the listening API, the test PayPal page's Approve returns the buyer, and the API captures. Both pages, and
 * GET /api/config, say it is test mode. Closing the API stops the test servers.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import {
  CreateCheckoutSessionResponse,
  PaypalCreatePaymentResponse,
} from '@bindery/contracts/store/payments';
import { PublicConfigResponse } from '@bindery/contracts/store/config';
import { freePort } from '@bindery/pg-test';
import { parseEnv } from '#env.js';
import { startApi, type RunningApi } from '#start.js';
import { insertProject, printBookConfiguration } from './checkout-fixtures.js';
import { TEST_JWT_SECRET } from './constants.js';
import { createUser, defined, privateDatabase, type TestContext } from './helper.js';
import { ADDRESS } from './orders-fixtures.js';
import { orderStatus } from './projects.js';

let api: RunningApi;
let ctx: TestContext;
let base: string;
let dropDatabase: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const database = await privateDatabase();
  dropDatabase = database.drop;
  // The API opens the database itself, as at a real start; fixtures go through the app's own connection.
  await database.db.destroy();
  const dataDir = await mkdtemp(join(tmpdir(), 'bindery-test-mode-'));
  const port = await freePort();
  const config = parseEnv({
    ...(database.url ? { DATABASE_URL: database.url, PAYMENTS_MODE: 'test' } : {}),
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: dataDir,
    API_PORT: String(port),
    PUBLIC_WEB_URL: 'http://web.test',
    LOG_LEVEL: 'silent',
  });
  api = await startApi(config, false);
  ctx = { app: api.app, db: api.app.db, config: api.config, dataDir };
  base = `http://127.0.0.1:${port}/api`;
});

afterAll(async () => {
  // beforeAll may have failed before the API or the context existed.
  await (api as RunningApi | undefined)?.close();
  await dropDatabase();
  const dataDir = (ctx as TestContext | undefined)?.dataDir;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type User = Awaited<ReturnType<typeof createUser>>;

async function post(path: string, user: User, body: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** An order as the shop creates it: a priced print book in the cart, shipped to Austin by FedEx Ground. */
async function orderAwaitingPayment(user: User) {
  const configuration = await printBookConfiguration(ctx.db);
  const projectId = await insertProject(ctx.db, user.user.id, { configuration, quantity: 3 });
  const saved = await post('/save-shipping/', user, {
    user_address: ADDRESS,
    project_ids: [projectId],
    selected_service: 'FEDEX_GROUND',
  });
  expect(saved.status).toBe(201);
  return OrderResponse.parse(saved.json).order.id;
}

/** The action of the form whose button says `label`, on a test provider's page. */
function formAction(html: string, label: string): string {
  const form = [
    ...html.matchAll(/<form method="post" action="([^"]+)"><button type="submit">([^<]+)<\/button>/g),
  ].find((m) => m[2] === label);
  if (!form) throw new Error(`no "${label}" button in:\n${html}`);
  return (form[1] ?? '').replaceAll('&amp;', '&');
}

describe('test payment mode', () => {
  it('tells the SPAs that both methods are on, in test mode', async () => {
    const config = PublicConfigResponse.parse(await (await fetch(`${base}/config`)).json());
    expect(config.payments).toEqual({ card: true, paypal: true, test_mode: true });
    expect(api.testProviders).toBeDefined();
  });

  it('pays by card: the test Stripe page says test mode, its Pay sends the signed webhook, the order is paid', async () => {
    const user = await createUser(ctx);
    const orderId = await orderAwaitingPayment(user);
    const started = await post('/create-checkout-session/', user, { order_id: orderId });
    expect(started.status).toBe(200);
    const session = CreateCheckoutSessionResponse.parse(started.json);
    expect(session.url.startsWith(defined(api.testProviders, 'the test providers').stripeUrl)).toBe(true);

    const page = await (await fetch(session.url)).text();
    expect(page).toContain(messages.payments.testModeBanner);
    const paid = await fetch(new URL(formAction(page, 'Pay'), session.url), {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://web.test/success?order=${orderId}&session_id=${session.id}`,
    );
    // The webhook reached the API over HTTP before the redirect: the order is paid by the signed event.
    expect(await orderStatus(ctx, orderId)).toBe('paid');
    const payment = await ctx.db
      .selectFrom('payments')
      .select(['provider', 'status'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ provider: 'stripe', status: 'completed' });
  });

  it('pays by PayPal: the test approval page says test mode, Approve returns the buyer, the API captures', async () => {
    const user = await createUser(ctx);
    const orderId = await orderAwaitingPayment(user);
    const created = await post('/paypal/create-payment/', user, { order_id: orderId });
    expect(created.status).toBe(200);
    const { payment_id, approval_url } = PaypalCreatePaymentResponse.parse(created.json);
    expect(approval_url.startsWith(defined(api.testProviders, 'the test providers').paypalUrl)).toBe(true);

    const page = await (await fetch(approval_url)).text();
    expect(page).toContain(messages.payments.testModeBanner);
    const approved = await fetch(new URL(formAction(page, 'Approve'), approval_url), {
      method: 'POST',
      redirect: 'manual',
    });
    expect(approved.headers.get('location')).toMatch(
      new RegExp(`^http://web\\.test/payment/success\\?order=${orderId}&token=${payment_id}&PayerID=\\w+$`),
    );
    const captured = await post('/paypal/capture-payment/', user, { payment_id });
    expect(captured.status).toBe(200);
    expect(OrderResponse.parse(captured.json).order.status).toBe('paid');
  });
});

describe('closing the API', () => {
  it('stops the test servers with it', async () => {
    const { stripeUrl, paypalUrl } = defined(api.testProviders, 'the test providers');
    await api.close();
    for (const url of [stripeUrl, paypalUrl]) {
      await expect(fetch(`${url}/__fake/requests`)).rejects.toThrow();
    }
  });
});
