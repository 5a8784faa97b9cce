/** The fake Stripe driven by the real stripe-node SDK, as the API drives it. */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './stripe.js';

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
    bad.line_items![0]!.price_data!.unit_amount = -5;
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
      received[0]!.body,
      received[0]!.headers['stripe-signature']!,
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
    expect(JSON.parse(received[1]!.body).id).toBe(event.id);
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
      const pageHtml = await (await fetch(session.url!)).text();
      expect(pageHtml).toContain('42.00 USD');
      const paid = await fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`http://web.test/success?order=42&session_id=${session.id}`);
      expect(JSON.parse(hits[0]!)).toMatchObject({
        type: 'checkout.session.completed',
        data: { object: { id: session.id } },
      });
    } finally {
      await withHook.stop();
      await new Promise((r) => receiver.close(r));
    }
  });
});
