/** The fake Stripe driven by the real stripe-node SDK, as the API drives it. */
import Stripe from 'stripe';
import { messages } from '@bindery/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './stripe.js';

/** The value, or a failure naming what was missing (instead of a `!`, ADR 0044). */
function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = new Stripe(fake.secretKey, {
    host: fake.host,
    port: fake.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
});
afterAll(() => fake.stop());

const params = (amounts: number[]): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: amounts.map((a, i) => ({
    quantity: 1,
    price_data: { currency: 'usd', unit_amount: a, product_data: { name: `Line ${i + 1}` } },
  })),
  client_reference_id: '42',
  metadata: { order_id: '42' },
  success_url: 'http://web.test/success?order=42&session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://web.test/cancel?order=42',
});

describe('fake Stripe Checkout Sessions', () => {
  it('creates a session from form-encoded line items, records the request and sums the amount', async () => {
    const session = await stripe.checkout.sessions.create(params([2599, 500, 257]));
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.amount_total).toBe(3356);
    expect(session.url).toBe(`${fake.url}/c/pay/${session.id}`);
    expect(session.metadata).toEqual({ order_id: '42' });
    const [recorded] = fake.apiRequests('POST', '/v1/checkout/sessions').slice(-1);
    expect(recorded?.body).toMatchObject({ mode: 'payment', client_reference_id: '42' });
    expect(fake.lineItems(session.id).map((l) => l.amount_total)).toEqual([2599, 500, 257]);
    const again = await stripe.checkout.sessions.retrieve(session.id);
    expect(again).toMatchObject({ id: session.id, status: 'open', payment_status: 'unpaid' });
  });

  it('takes a one-time amount_off coupon off the total, once, as Stripe does (the first-print discount)', async () => {
    const coupon = await stripe.coupons.create({
      amount_off: 300,
      currency: 'usd',
      duration: 'once',
      max_redemptions: 1,
      name: 'First-print discount',
    });
    expect(coupon).toMatchObject({ object: 'coupon', amount_off: 300, valid: true });
    const session = await stripe.checkout.sessions.create({
      ...params([2599, 500, 257]),
      discounts: [{ coupon: coupon.id }],
    });
    expect(session.amount_subtotal).toBe(3356);
    expect(session.amount_total).toBe(3056);
    expect(session.total_details?.amount_discount).toBe(300);
    expect(fake.coupons().find((c) => c.id === coupon.id)).toMatchObject({ times_redeemed: 1, valid: false });
    const page = await fetch(`${fake.url}/c/pay/${session.id}`).then((r) => r.text());
    expect(page).toContain('First-print discount: −3.00 USD');
    expect(page).toContain('Total: 30.56 USD');
    // Used up, and an unknown coupon is refused.
    await expect(
      stripe.checkout.sessions.create({ ...params([100]), discounts: [{ coupon: coupon.id }] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'discounts[0][coupon]' });
    await expect(
      stripe.checkout.sessions.create({ ...params([100]), discounts: [{ coupon: 'co_nope' }] }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'discounts[0][coupon]' });
  });

  it('answers an unknown session with a 404 the SDK raises as StripeInvalidRequestError', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
    });
  });

  it('refuses a wrong secret key and a malformed line item', async () => {
    const other = new Stripe('sk_test_wrong', {
      host: fake.host,
      port: fake.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(other.checkout.sessions.create(params([100]))).rejects.toMatchObject({ statusCode: 401 });
    const bad = params([100]);
    defined(defined(bad.line_items?.[0], 'a line item').price_data, 'its price_data').unit_amount = -5;
    await expect(stripe.checkout.sessions.create(bad)).rejects.toMatchObject({
      statusCode: 400,
      param: 'line_items[0][price_data][unit_amount]',
    });
  });

  it('replays the first answer for a repeated Idempotency-Key and refuses the key with other parameters', async () => {
    const first = await stripe.checkout.sessions.create(params([1000]), {
      idempotencyKey: 'order-1-attempt-1',
    });
    const second = await stripe.checkout.sessions.create(params([1000]), {
      idempotencyKey: 'order-1-attempt-1',
    });
    expect(second.id).toBe(first.id);
    await expect(
      stripe.checkout.sessions.create(params([999]), { idempotencyKey: 'order-1-attempt-1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('expires an open session once', async () => {
    const session = await stripe.checkout.sessions.create(params([700]));
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe('expired');
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('can be told to fail the next request', async () => {
    fake.respondOnce('POST', '/v1/checkout/sessions', {
      status: 500,
      body: { error: { type: 'api_error', message: 'boom' } },
    });
    await expect(stripe.checkout.sessions.create(params([100]))).rejects.toMatchObject({ statusCode: 500 });
    await expect(stripe.checkout.sessions.create(params([100]))).resolves.toMatchObject({
      amount_total: 100,
    });
  });
});

describe('fake Stripe webhooks', () => {
  it('completes a session and delivers a checkout.session.completed that constructEvent verifies', async () => {
    const session = await stripe.checkout.sessions.create(params([1234]));
    const received: { body: string; headers: Record<string, string> }[] = [];
    const delivery = await fake.completeSession(session.id, {
      target: async (req) => {
        received.push(req);
        return { status: 200, body: '{"received":true}' };
      },
    });
    expect(delivery.status).toBe(200);
    const event = stripe.webhooks.constructEvent(
      defined(received[0], 'the delivery').body,
      defined(defined(received[0], 'the delivery').headers['stripe-signature'], 'its signature'),
      fake.webhookSecret,
    );
    expect(event.type).toBe('checkout.session.completed');
    const object = event.data.object as Stripe.Checkout.Session;
    expect(object).toMatchObject({
      id: session.id,
      payment_status: 'paid',
      amount_total: 1234,
      currency: 'usd',
    });
    expect(fake.session(session.id)?.status).toBe('complete');
    // Redelivery keeps the event id; a wrong secret fails verification.
    const again = await fake.deliver(delivery.event, {
      target: async (req) => (received.push(req), { status: 200, body: '' }),
    });
    expect((JSON.parse(defined(received[1], 'the redelivery').body) as { id: string }).id).toBe(event.id);
    expect(again.signature).not.toBe('');
    const forged = await fake.deliver(delivery.event, {
      secret: 'whsec_other',
      target: async (req) => (received.push(req), { status: 400, body: '' }),
    });
    expect(() =>
      stripe.webhooks.constructEvent(forged.payload, forged.signature, fake.webhookSecret),
    ).toThrow();
  });

  it('serves a hosted page whose Pay button posts the webhook and redirects to success_url', async () => {
    const hits: string[] = [];
    const { createServer } = await import('node:http');
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        hits.push(body);
        res.end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
    const port = (receiver.address() as { port: number }).port;
    const withHook = await startFakeStripe({ webhookUrl: `http://127.0.0.1:${port}/hook` });
    try {
      const client = new Stripe(withHook.secretKey, {
        host: withHook.host,
        port: withHook.port,
        protocol: 'http',
      });
      const session = await client.checkout.sessions.create(params([4200]));
      const pageHtml = await (await fetch(defined(session.url, 'the session’s url'))).text();
      expect(pageHtml).toContain('42.00 USD');
      // `pnpm start` without keys sends real visitors here (docs/decisions/0028).
      expect(pageHtml).toContain(messages.payments.testModeBanner);
      const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`http://web.test/success?order=42&session_id=${session.id}`);
      expect(JSON.parse(defined(hits[0], 'a webhook hit'))).toMatchObject({
        type: 'checkout.session.completed',
        data: { object: { id: session.id } },
      });
    } finally {
      await withHook.stop();
      await new Promise((r) => receiver.close(r));
    }
  });
});

describe('fake Stripe refunds', () => {
  /** A paid session's PaymentIntent id (the webhook goes nowhere in particular). */
  async function paidIntent(amounts: number[]): Promise<string> {
    const session = await stripe.checkout.sessions.create(params(amounts));
    await fake.completeSession(session.id, { target: async () => ({ status: 200, body: '' }) });
    const retrieved = await stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    return retrieved.payment_intent as string;
  }

  it('refunds part, then the rest by default, then refuses more as Stripe does', async () => {
    const pi = await paidIntent([2000, 500]);
    expect(await stripe.paymentIntents.retrieve(pi)).toMatchObject({
      status: 'succeeded',
      amount_received: 2500,
    });
    const part = await stripe.refunds.create({
      payment_intent: pi,
      amount: 1000,
      reason: 'requested_by_customer',
    });
    expect(part).toMatchObject({ object: 'refund', amount: 1000, payment_intent: pi, status: 'succeeded' });
    expect(part.id).toMatch(/^re_/);
    const tooMuch = await stripe.refunds
      .create({ payment_intent: pi, amount: 1501 })
      .catch((e: unknown) => e);
    expect(tooMuch).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'amount',
      message: 'Refund amount ($15.01) is greater than unrefunded amount on charge ($15.00)',
    });
    const rest = await stripe.refunds.create({ payment_intent: pi });
    expect(rest.amount).toBe(1500);
    const again = await stripe.refunds.create({ payment_intent: pi }).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
    expect((await stripe.refunds.list({ payment_intent: pi })).data.map((r) => r.amount)).toEqual([
      1500, 1000,
    ]);
    expect(await stripe.refunds.retrieve(part.id)).toMatchObject({ id: part.id, amount: 1000 });
    expect(fake.refunds(pi)).toHaveLength(2);
  });

  it('replays a refund for a repeated Idempotency-Key instead of refunding twice', async () => {
    const pi = await paidIntent([3000]);
    const first = await stripe.refunds.create(
      { payment_intent: pi, amount: 700 },
      { idempotencyKey: 'refund-9-1' },
    );
    const retry = await stripe.refunds.create(
      { payment_intent: pi, amount: 700 },
      { idempotencyKey: 'refund-9-1' },
    );
    expect(retry.id).toBe(first.id);
    expect(fake.refunds(pi)).toHaveLength(1);
    expect(
      fake
        .received('refund.create')
        .slice(-2)
        .map((r) => r.headers['idempotency-key']),
    ).toEqual(['refund-9-1', 'refund-9-1']);
  });

  it('refuses a refund of an unknown or unpaid PaymentIntent', async () => {
    const unknown = await stripe.refunds.create({ payment_intent: 'pi_nope' }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const session = await stripe.checkout.sessions.create(params([900]));
    await fake.completeSession(session.id, {
      paymentStatus: 'unpaid',
      target: async () => ({ status: 200, body: '' }),
    });
    const pi = (await stripe.checkout.sessions.retrieve(session.id)).payment_intent as string;
    const unpaid = await stripe.refunds.create({ payment_intent: pi }).catch((e: unknown) => e);
    expect(unpaid).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('does not have a successful charge') as unknown,
    });
  });
});

describe('fake Stripe expiry, lost webhooks and what it received', () => {
  it('expires a session by itself with a checkout.session.expired event', async () => {
    const session = await stripe.checkout.sessions.create({
      ...params([800]),
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    });
    const events: string[] = [];
    const delivery = await fake.expireSession(session.id, {
      target: async (req) => (
        events.push((JSON.parse(req.body) as { type: string }).type),
        { status: 200, body: '' }
      ),
    });
    expect(delivery?.status).toBe(200);
    expect(events).toEqual(['checkout.session.expired']);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({
      status: 'expired',
      url: null,
    });
    const tooLate = await stripe.checkout.sessions
      .create({ ...params([800]), expires_at: Math.floor(Date.now() / 1000) + 3 * 24 * 3600 })
      .catch((e: unknown) => e);
    expect(tooLate).toMatchObject({ statusCode: 400, param: 'expires_at' });
  });

  it('drops the next webhook when told: recorded as lost, never sent, the next one goes out', async () => {
    const sent: string[] = [];
    const target = async (req: { body: string }) => (sent.push(req.body), { status: 200, body: '' });
    const lost = await stripe.checkout.sessions.create(params([100]));
    const kept = await stripe.checkout.sessions.create(params([200]));
    fake.dropWebhooks();
    const dropped = await fake.completeSession(lost.id, { target });
    expect(dropped).toMatchObject({ dropped: true, status: 0 });
    expect(sent).toHaveLength(0);
    // The money is there all the same: Stripe answers the truth to whoever asks.
    expect(await stripe.checkout.sessions.retrieve(lost.id)).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
    });
    expect((await fake.completeSession(kept.id, { target })).dropped).toBe(false);
    expect(sent).toHaveLength(1);
    expect(
      fake
        .webhooks()
        .slice(-2)
        .map((d) => d.dropped),
    ).toEqual([true, false]);
  });

  it('lists the requests it received by kind, also over HTTP for another process', async () => {
    const session = await stripe.checkout.sessions.create(params([300]));
    await stripe.checkout.sessions.retrieve(session.id);
    await stripe.checkout.sessions.expire(session.id);
    expect(fake.received('checkout.session.expire').at(-1)?.path).toBe(
      `/v1/checkout/sessions/${session.id}/expire`,
    );
    const listed = (await (
      await fetch(`${fake.url}/__fake/requests?kind=checkout.session.retrieve`)
    ).json()) as {
      requests: { kind: string; path: string }[];
    };
    expect(listed.requests.length).toBeGreaterThan(0);
    expect(new Set(listed.requests.map((r) => r.kind))).toEqual(new Set(['checkout.session.retrieve']));
    const drop = await fetch(`${fake.url}/__fake/webhooks/drop?count=2`, { method: 'POST' });
    expect(await drop.json()).toEqual({ dropping: 2 });
    const target = async () => ({ status: 200, body: '' });
    for (const amount of [1, 2, 3]) {
      const s = await stripe.checkout.sessions.create(params([amount]));
      await fake.completeSession(s.id, { target });
    }
    expect(
      fake
        .webhooks()
        .slice(-3)
        .map((d) => d.dropped),
    ).toEqual([true, true, false]);
  });
});

describe('fake Stripe on a test’s clock', () => {
  it('dates its objects and checks expires_at by the clock it is given', async () => {
    const at = new Date(Date.now() + 10 * 24 * 3600_000);
    const later = await startFakeStripe({ now: () => at });
    try {
      const client = new Stripe(later.secretKey, { host: later.host, port: later.port, protocol: 'http' });
      const inTenDays = Math.floor(at.getTime() / 1000);
      const session = await client.checkout.sessions.create({
        ...params([100]),
        expires_at: inTenDays + 3600,
      });
      expect(session.created).toBe(inTenDays);
      expect(session.expires_at).toBe(inTenDays + 3600);
    } finally {
      await later.stop();
    }
  });
});
