/**
 * Test payment mode (docs/decisions/0028) on the path `node dist/server.js` runs (src/start.ts): with no keys the
 * API starts Bindery's own Stripe and PayPal test servers, and an order is paid through them over real HTTP, the
 * same webhook and capture paths as with the real providers: the test Stripe page's Pay sends the signed webhook
 * to the listening API, the test PayPal page's Approve returns the buyer, and the API captures. Both pages, and
 * GET /api/config, say it is test mode. Closing the API stops the test servers. Their keys are this data
 * directory's (never a public constant), the webhook is taken from loopback only (the client behind a trusted
 * proxy too; PAYMENTS_TEST_WEBHOOK_ANY_ADDRESS lifts it), and after a restart the card attempts the test servers
 * forgot are marked failed, and the PayPal ones closed at PayPal's 404 (docs/decisions/0064).
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import {
  CreateCheckoutSessionResponse,
  PaypalCreatePaymentResponse,
} from '@bindery/contracts/store/payments';
import { PublicConfigResponse } from '@bindery/contracts/store/config';
import { freePort } from '@bindery/pg-test';
import { parseEnv, type Config } from '#env.js';
import { testSecretsFile } from '#plugins/app/payments/test-providers.js';
import { startApi, type RunningApi } from '#start.js';
import { insertProject, printBookConfiguration } from './checkout-fixtures.js';
import { TEST_JWT_SECRET } from './constants.js';
import { createUser, defined, privateDatabase, type TestContext } from './helper.js';
import { ADDRESS } from './orders-fixtures.js';
import { orderStatus } from './projects.js';

let api: RunningApi;
let ctx: TestContext;
let base: string;
let config: Config;
/** The settings of the first start; a restart may add more. */
let baseEnv: Record<string, string> = {};
let dropDatabase: () => Promise<void> = async () => undefined;

/** Starts the API on `config` (again after a restart), the context and base URL with it. */
async function start() {
  api = await startApi(config, false);
  ctx = { app: api.app, db: api.app.db, config: api.config, dataDir: config.dataDir };
  base = `http://127.0.0.1:${config.port}/api`;
}

/** Stops the running API and starts it again on the same data directory and database, with `more` settings. */
async function restartWith(more: Record<string, string>) {
  await api.close();
  config = parseEnv({ ...baseEnv, ...more });
  await start();
}

beforeAll(async () => {
  const database = await privateDatabase();
  dropDatabase = database.drop;
  // The API opens the database itself, as at a real start; fixtures go through the app's own connection.
  await database.db.destroy();
  const dataDir = await mkdtemp(join(tmpdir(), 'bindery-test-mode-'));
  const port = await freePort();
  baseEnv = {
    ...(database.url ? { DATABASE_URL: database.url, PAYMENTS_MODE: 'test' } : {}),
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: dataDir,
    API_PORT: String(port),
    PUBLIC_WEB_URL: 'http://web.test',
    LOG_LEVEL: 'silent',
  };
  config = parseEnv(baseEnv);
  await start();
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

/** The test Stripe's settings the API runs with. */
const testStripe = () => defined(api.config.payments.stripe, 'the test Stripe');

/** A checkout.session.completed event for `session` as Stripe would send it, signed with `secret`. */
function signedPaidEvent(session: { id: string; amountCents: number }, secret: string) {
  const payload = JSON.stringify({
    id: `evt_${session.id}_${secret.length}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        status: 'complete',
        payment_status: 'paid',
        amount_total: session.amountCents,
        currency: 'usd',
        payment_intent: 'pi_forged',
      },
    },
  });
  return {
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
  };
}

/** An order with an open card checkout (the buyer went to the test Stripe page and did not pay). */
async function openCardCheckout(user: User) {
  const orderId = await orderAwaitingPayment(user);
  const started = await post('/create-checkout-session/', user, { order_id: orderId });
  expect(started.status).toBe(200);
  const { id } = CreateCheckoutSessionResponse.parse(started.json);
  const payment = await ctx.db
    .selectFrom('payments')
    .select(['id', 'amount_cents'])
    .where('provider_ref', '=', id)
    .executeTakeFirstOrThrow();
  return { orderId, session: { id, amountCents: Number(payment.amount_cents) }, paymentId: payment.id };
}

describe("test mode's keys and webhook (docs/decisions/0064)", () => {
  it('keeps keys generated for this data directory, 0600, never the public constants', async () => {
    const file = testSecretsFile(config.dataDir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const kept = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;
    expect(kept.stripeWebhookSecret).toBe(testStripe().webhookSecret);
    expect(kept.stripeSecretKey).toBe(testStripe().secretKey);
    expect(testStripe().webhookSecret).not.toBe('whsec_bindery_fake');
    expect(testStripe().secretKey).not.toBe('sk_test_bindery_fake');
  });

  it('refuses an event signed with the old public constant: the order stays unpaid', async () => {
    const user = await createUser(ctx);
    const { orderId, session } = await openCardCheckout(user);
    const forged = signedPaidEvent(session, 'whsec_bindery_fake');
    const res = await fetch(`${base}/stripe/webhook/`, {
      method: 'POST',
      headers: forged.headers,
      body: forged.payload,
    });
    expect(res.status).toBe(400);
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_payment');
  });

  it('takes the webhook from loopback only: a correctly signed event from another address is a 403', async () => {
    const user = await createUser(ctx);
    const { orderId, session } = await openCardCheckout(user);
    const event = signedPaidEvent(session, testStripe().webhookSecret);
    const send = (remoteAddress: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook/',
        remoteAddress,
        headers: event.headers,
        payload: event.payload,
      });
    for (const remote of ['203.0.113.7', '::ffff:10.0.0.2', '2001:db8::1']) {
      const res = await send(remote);
      expect(res.statusCode, remote).toBe(403);
      expect(res.json()).toMatchObject({ error: messages.payments.testWebhookLoopbackOnly });
    }
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_payment');
    // The same event from this machine is Stripe's (here: a test of our own, signed with the real secret).
    expect((await send('127.0.0.1')).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
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

describe('a restart (docs/decisions/0064)', () => {
  it('keeps the keys, and marks the card attempts the test servers forgot failed so their orders expire', async () => {
    await start();
    const user = await createUser(ctx);
    const { orderId, paymentId } = await openCardCheckout(user);
    const secret = testStripe().webhookSecret;
    await api.close();
    await start();
    expect(testStripe().webhookSecret).toBe(secret);

    // The new test Stripe never heard of the session: unreachable, up to PAYMENTS_TEST_UNREACHABLE_LIMIT (3).
    const limit = api.config.testPayments.unreachableLimit;
    expect(limit).toBe(3);
    const outcomes = [];
    for (let i = 0; i < limit; i += 1) {
      const reconciled = await api.app.payments.reconcileOrder(orderId);
      outcomes.push(...reconciled.attempts.map((a) => a.outcome));
    }
    expect(outcomes).toEqual(['unreachable', 'unreachable', 'closed']);
    const payment = await ctx.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('failed');

    // Past its expiry, the order is canceled as usual instead of postponed at every run.
    await ctx.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', orderId)
      .execute();
    const expired = await api.app.orders.expireDue(new Date());
    expect(expired).toMatchObject({ canceled: 1, postponed: 0 });
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
  });
});

describe('a restart with an open PayPal attempt (docs/decisions/0064)', () => {
  it('closes the attempt the test PayPal forgot at its first check (404: nothing was captured), and the order expires', async () => {
    const user = await createUser(ctx);
    const orderId = await orderAwaitingPayment(user);
    const created = await post('/paypal/create-payment/', user, { order_id: orderId });
    expect(created.status).toBe(200);
    const { payment_id } = PaypalCreatePaymentResponse.parse(created.json);
    await restartWith({});

    // Not counted towards PAYMENTS_TEST_UNREACHABLE_LIMIT as the card attempts are: PayPal's 404 is an answer.
    const reconciled = await api.app.payments.reconcileOrder(orderId);
    expect(reconciled.attempts.map((a) => [a.provider, a.outcome])).toEqual([['paypal', 'closed']]);
    const payment = await ctx.db
      .selectFrom('payments')
      .select(['status', 'unreachable_checks'])
      .where('provider_ref', '=', payment_id)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'expired', unreachable_checks: 0 });
    // The buyer's return from the old approval page captures nothing.
    expect((await post('/paypal/capture-payment/', user, { payment_id })).status).toBe(409);

    await ctx.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', orderId)
      .execute();
    expect(await api.app.orders.expireDue(new Date())).toMatchObject({ canceled: 1, postponed: 0 });
    expect(await orderStatus(ctx, orderId)).toBe('canceled');
  });
});

describe('the webhook behind a proxy, and the override (docs/decisions/0064)', () => {
  /** A correctly signed "paid" event for a new open card checkout, sent over HTTP with `headers` added. */
  async function sendPaidEvent(headers: Record<string, string> = {}) {
    const { orderId, session } = await openCardCheckout(await createUser(ctx));
    const event = signedPaidEvent(session, testStripe().webhookSecret);
    const res = await fetch(`${base}/stripe/webhook/`, {
      method: 'POST',
      headers: { ...event.headers, ...headers },
      body: event.payload,
    });
    return { res, orderId };
  }

  it('with TRUST_PROXY, a loopback proxy forwarding another client is that client: 403', async () => {
    await restartWith({ TRUST_PROXY: '1' });
    // The socket's peer is loopback (this test as the proxy); the client it names is not.
    const forwarded = await sendPaidEvent({ 'x-forwarded-for': '203.0.113.7' });
    expect(forwarded.res.status).toBe(403);
    expect(await forwarded.res.json()).toMatchObject({ error: messages.payments.testWebhookLoopbackOnly });
    expect(await orderStatus(ctx, forwarded.orderId)).toBe('awaiting_payment');
    // The test Stripe beside it, through the same proxy, names a loopback client: taken.
    const local = await sendPaidEvent({ 'x-forwarded-for': '127.0.0.1' });
    expect(local.res.status).toBe(200);
    expect(await orderStatus(ctx, local.orderId)).toBe('paid');
  });

  it('with PAYMENTS_TEST_WEBHOOK_ANY_ADDRESS=true, a correctly signed event from any address is taken', async () => {
    await restartWith({ PAYMENTS_TEST_WEBHOOK_ANY_ADDRESS: 'true' });
    const user = await createUser(ctx);
    const { orderId, session } = await openCardCheckout(user);
    const send = (secret: string) => {
      const event = signedPaidEvent(session, secret);
      return api.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook/',
        remoteAddress: '203.0.113.7',
        headers: event.headers,
        payload: event.payload,
      });
    };
    // The signature is still the check: the old public constant is refused from there too.
    expect((await send('whsec_bindery_fake')).statusCode).toBe(400);
    expect(await orderStatus(ctx, orderId)).toBe('awaiting_payment');
    expect((await send(testStripe().webhookSecret)).statusCode).toBe(200);
    expect(await orderStatus(ctx, orderId)).toBe('paid');
  });
});
