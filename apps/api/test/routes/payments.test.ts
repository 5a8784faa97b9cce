/**
 * Paying orders, end to end through the official SDKs against the local fakes (@bindery/payment-fakes): the real
 * app on its own PostgreSQL database talks HTTP to a fake Stripe and a fake PayPal; the fakes sign webhooks and
 * record what they received. Orders are written straight into the database (checkout creates them in the app).
 */
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { PublicConfigResponse } from '@bindery/contracts/store/config';
import {
  CreateCheckoutSessionResponse,
  PaypalCreatePaymentResponse,
} from '@bindery/contracts/store/payments';
import type { WebhookTarget } from '@bindery/payment-fakes/stripe';
import { parseEnv as parseEnvFile } from '#env.js';
import { createUser, defined, json, request, setupTestApp, type TestContext } from '../helper.js';
import { startPaymentFakes } from '../payment-fakes.js';

const { stripe, paypal, mail, env: fakesEnv } = await startPaymentFakes({ mail: true });
const WEB = 'http://web.test:5173';

const t = setupTestApp({
  env: {
    PUBLIC_WEB_URL: WEB,
    ...fakesEnv,
  },
});
const bare = setupTestApp();

beforeEach(() => {
  stripe.clear();
  paypal.clear();
});

type User = Awaited<ReturnType<typeof createUser>>;

interface OrderSpec {
  lines?: { title: string; quantity: number; cents: number }[];
  shipping?: number;
  tax?: number;
  /** Default: lines + shipping + tax. */
  total?: number;
  status?: 'awaiting_payment' | 'paid' | 'canceled';
}

/** An order as checkout would have written it: one project per line, stored amounts in cents. */
async function insertOrder(ctx: TestContext, user: User, spec: OrderSpec = {}) {
  const lines = spec.lines ?? [
    { title: 'My Novel', quantity: 25, cents: 26_075 },
    { title: 'Poems', quantity: 1, cents: 1_299 },
  ];
  const shipping = spec.shipping ?? 2_500;
  const tax = spec.tax ?? 2_465;
  const subtotal = lines.reduce((s, l) => s + l.cents, 0);
  const projectIds: number[] = [];
  for (const line of lines) {
    const upload = await ctx.db
      .insertInto('uploads')
      .values({
        id: randomUUID(),
        user_id: user.user.id,
        purpose: 'interior',
        file_name: 'book.pdf',
        content_type: 'application/pdf',
        size_bytes: 1234,
        page_count: 120,
        storage_key: `test/${randomUUID()}.pdf`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const project = await ctx.db
      .insertInto('projects')
      .values({
        user_id: user.user.id,
        title: line.title,
        category: 'Print Book',
        page_count: 120,
        quantity: line.quantity,
        options: JSON.stringify({}),
        pdf_upload_id: upload.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    projectIds.push(project.id);
  }
  const order = await ctx.db
    .insertInto('orders')
    .values({
      user_id: user.user.id,
      status: spec.status ?? 'awaiting_payment',
      subtotal_cents: subtotal,
      shipping_cents: shipping,
      tax_cents: tax,
      total_cents: spec.total ?? subtotal + shipping + tax,
      tax_rate_bp: 825,
      tax_reason: 'Texas sales tax (8.25%)',
      shipping_service: JSON.stringify({
        service_code: 'fedex-ground',
        service_name: 'FedEx Ground',
        courier_name: 'FedEx',
        total_charge: '25.00',
        delivery_time: '3-5 business days',
      }),
      address: JSON.stringify({
        first_name: 'Ann',
        last_name: 'Reader',
        company: '',
        address: '1 Main St',
        apt_floor: '',
        phone_number: '+1 512 555 0100',
        country: 'US',
        state: 'TX',
        city: 'Austin',
        postal_code: '78701',
        account_type: 'individual',
        has_resale_cert: false,
      }),
      weight_grams: 4200,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('order_items')
    .values(
      lines.map((line, i) => ({
        order_id: order.id,
        project_id: defined(projectIds[i], 'projectIds[i]'),
        title: line.title,
        category: 'Print Book',
        quantity: line.quantity,
        cost_per_book_cents: Math.round(line.cents / line.quantity),
        discount_cents: 0,
        line_total_cents: line.cents,
      })),
    )
    .execute();
  return { order, projectIds, total: Number(order.total_cents) };
}

const post = (ctx: TestContext, url: string, user: User | undefined, payload: unknown) =>
  request(ctx, {
    method: 'POST',
    url,
    headers: user?.auth ?? {},
    payload: payload as Record<string, unknown>,
  });

/** Delivers webhooks through Fastify's inject, as Stripe would POST them. */
const toApp =
  (ctx: TestContext): WebhookTarget =>
  async ({ body, headers }) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook/', payload: body, headers });
    return { status: res.statusCode, body: res.body };
  };

const orderRow = (id: number) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const projectStatuses = (ids: number[]) =>
  t.db
    .selectFrom('projects')
    .select('status')
    .where('id', 'in', ids)
    .execute()
    .then((rows) => rows.map((r) => r.status));
const paymentsOf = (orderId: number) =>
  t.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

async function startCard(user: User, orderId: number) {
  const res = await post(t, '/api/create-checkout-session/', user, { order_id: orderId });
  expect(res.statusCode).toBe(200);
  return json(res, CreateCheckoutSessionResponse);
}

describe('POST /api/create-checkout-session/', () => {
  it('builds the session from the stored order: one line per book, shipping and tax, adding up to the total', async () => {
    const user = await createUser(t);
    const { order, total } = await insertOrder(t, user);
    const session = await startCard(user, order.id);

    expect(session.url).toBe(`${stripe.url}/c/pay/${session.id}`);
    const lines = stripe.lineItems(session.id);
    expect(lines.map((l) => [l.name, l.unit_amount, l.quantity, l.currency])).toEqual([
      ['My Novel — 25 copies', 26_075, 1, 'usd'],
      ['Poems — 1 copy', 1_299, 1, 'usd'],
      ['Shipping (FedEx Ground)', 2_500, 1, 'usd'],
      ['Sales tax', 2_465, 1, 'usd'],
    ]);
    expect(lines.reduce((s, l) => s + l.amount_total, 0)).toBe(total);
    expect(stripe.session(session.id)).toMatchObject({
      amount_total: total,
      mode: 'payment',
      client_reference_id: String(order.id),
      metadata: { order_id: String(order.id) },
      customer_email: user.user.email,
      success_url: `${WEB}/success?order=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${WEB}/cancel?order=${order.id}`,
    });
    const [sent] = stripe.apiRequests('POST', '/v1/checkout/sessions');
    expect(defined(sent, 'sent').headers['idempotency-key']).toMatch(
      new RegExp(`^bindery-order-${order.id}-\\d+-card-1$`),
    );
    const stored = await paymentsOf(order.id);
    expect(stored).toMatchObject([{ provider: 'stripe', provider_ref: session.id, status: 'created' }]);
    expect(Number(defined(stored[0], 'stored[0]').amount_cents)).toBe(total);
  });

  it('leaves out shipping and tax lines that are zero', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user, {
      lines: [{ title: 'Thesis', quantity: 3, cents: 4_500 }],
      shipping: 0,
      tax: 0,
    });
    const session = await startCard(user, order.id);
    expect(stripe.lineItems(session.id).map((l) => l.name)).toEqual(['Thesis — 3 copies']);
    expect(stripe.session(session.id)?.amount_total).toBe(4_500);
  });

  it('accepts no amount from the browser (strict body → 400) and contacts no provider', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const res = await post(t, '/api/create-checkout-session/', user, {
      order_id: order.id,
      amount: 1,
      items: [],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody).code).toBe('VALIDATION_ERROR');
    expect(stripe.requests).toHaveLength(0);
  });

  it("answers 404 for another user's order and an unknown one, 401 without a token", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const { order } = await insertOrder(t, owner);
    for (const [user, id] of [
      [other, order.id],
      [owner, 999_999],
    ] as const) {
      const res = await post(t, '/api/create-checkout-session/', user, { order_id: id });
      expect(res.statusCode).toBe(404);
      expect(json(res, ErrorBody).error).toBe(messages.checkout.orderNotFound);
    }
    expect(
      (await post(t, '/api/create-checkout-session/', undefined, { order_id: order.id })).statusCode,
    ).toBe(401);
    expect(stripe.requests).toHaveLength(0);
  });

  it('answers 409 for an order that is already paid or canceled', async () => {
    const user = await createUser(t);
    for (const status of ['paid', 'canceled'] as const) {
      const { order } = await insertOrder(t, user, { status });
      const res = await post(t, '/api/create-checkout-session/', user, { order_id: order.id });
      expect(res.statusCode).toBe(409);
      expect(res.data).toMatchObject({ error: messages.checkout.orderNotPayable, code: 'ORDER_NOT_PAYABLE' });
    }
    expect(stripe.requests).toHaveLength(0);
  });

  it('gives a second click the same open session instead of a second one', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const first = await startCard(user, order.id);
    const second = await startCard(user, order.id);
    expect(second).toEqual(first);
    expect(stripe.apiRequests('POST', '/v1/checkout/sessions')).toHaveLength(1);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it('starts a new attempt (new idempotency key) once the earlier session expired', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const first = await startCard(user, order.id);
    await fetch(`${stripe.url}/v1/checkout/sessions/${first.id}/expire`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}` },
    });
    const second = await startCard(user, order.id);
    expect(second.id).not.toBe(first.id);
    const keys = stripe.apiRequests('POST', '/v1/checkout/sessions').map((r) => r.headers['idempotency-key']);
    expect(keys[1]).toMatch(/-card-2$/);
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['expired', 'created']);
  });

  it('never sends an order whose stored amounts do not add up', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user, { total: 99_999 });
    const res = await post(t, '/api/create-checkout-session/', user, { order_id: order.id });
    expect(res.statusCode).toBe(500);
    expect(stripe.requests).toHaveLength(0);
    expect(await paymentsOf(order.id)).toHaveLength(0);
  });

  it("answers 502 with the spec's text when Stripe fails, and records no payment", async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    stripe.respondOnce('POST', '/v1/checkout/sessions', {
      status: 500,
      body: { error: { type: 'api_error', message: 'down' } },
    });
    const res = await post(t, '/api/create-checkout-session/', user, { order_id: order.id });
    expect(res.statusCode).toBe(502);
    expect(res.data).toMatchObject({
      error: messages.payments.checkoutFailed,
      code: 'PAYMENT_PROVIDER_ERROR',
    });
    expect(await paymentsOf(order.id)).toHaveLength(0);
  });
});

describe('POST /api/stripe/webhook/', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const session = await startCard(user, order.id);
    const forged = await stripe.completeSession(session.id, {
      target: toApp(t),
      secret: 'whsec_someone_else',
    });
    expect(forged.status).toBe(400);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const old = await stripe.deliver(forged.event, {
      target: toApp(t),
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(old.status).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      payload: forged.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
    expect(
      await t.db.selectFrom('payment_events').selectAll().where('id', '=', forged.event.id).execute(),
    ).toHaveLength(0);
  });

  it('marks the order paid and its projects ordered on checkout.session.completed, and mails the buyer', async () => {
    const user = await createUser(t);
    const { order, projectIds, total } = await insertOrder(t, user);
    expect(await projectStatuses(projectIds)).toEqual(['draft', 'draft']);
    const session = await startCard(user, order.id);
    const delivery = await stripe.completeSession(session.id, { target: toApp(t) });
    expect(delivery.status).toBe(200);
    expect(JSON.parse(delivery.body)).toEqual({ received: true });

    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ status: 'paid', payment_method: 'card' });
    expect(paid.paid_at).not.toBeNull();
    expect(await projectStatuses(projectIds)).toEqual(['ordered', 'ordered']);
    expect((await paymentsOf(order.id))[0]).toMatchObject({ status: 'completed' });
    const event = await t.db
      .selectFrom('payment_events')
      .selectAll()
      .where('id', '=', delivery.event.id)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      provider: 'stripe',
      type: 'checkout.session.completed',
      order_id: order.id,
    });

    const message = await mail.waitFor({
      to: user.user.email,
      subject: `Bindery order ${(await orderRow(order.id)).order_number}: payment received`,
    });
    expect(message.text).toContain(`$${(total / 100).toFixed(2)}`);
    expect(message.text).toContain('My Novel — 25 copies');
  });

  it('applies the same event once: a redelivery is acknowledged and changes nothing', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const session = await startCard(user, order.id);
    const first = await stripe.completeSession(session.id, { target: toApp(t) });
    const paidAt = (await orderRow(order.id)).paid_at;
    const again = await stripe.deliver(first.event, { target: toApp(t) });
    expect(again.status).toBe(200);
    expect((await orderRow(order.id)).paid_at).toEqual(paidAt);
    expect(
      await t.db.selectFrom('payment_events').selectAll().where('id', '=', first.event.id).execute(),
    ).toHaveLength(1);
    // A different event for the same session (checkout.session.async_payment_succeeded) finds it already done.
    const late = await stripe.deliver(
      stripe.buildEvent('checkout.session.async_payment_succeeded', first.event.data.object),
      {
        target: toApp(t),
      },
    );
    expect(late.status).toBe(200);
    expect((await orderRow(order.id)).paid_at).toEqual(paidAt);
    await mail.waitFor({ to: user.user.email, subject: /payment received/ });
    expect(mail.find({ to: user.user.email })).toHaveLength(1);
  });

  it('leaves the order unpaid when the paid amount or currency differs from the stored one', async () => {
    const user = await createUser(t);
    const { order, projectIds, total } = await insertOrder(t, user);
    const session = await startCard(user, order.id);
    const short = await stripe.completeSession(session.id, {
      target: toApp(t),
      eventOverrides: { amount_total: total - 1 },
    });
    expect(short.status).toBe(200);
    const euros = await stripe.deliver(
      stripe.buildEvent('checkout.session.completed', {
        ...short.event.data.object,
        amount_total: total,
        currency: 'eur',
      }),
      {
        target: toApp(t),
      },
    );
    expect(euros.status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
    expect(await projectStatuses(projectIds)).toEqual(['draft', 'draft']);
    expect((await paymentsOf(order.id))[0]).toMatchObject({ status: 'created' });
  });

  it('waits for async_payment_succeeded when the session completed unpaid (a delayed method)', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const session = await startCard(user, order.id);
    const completed = await stripe.completeSession(session.id, { target: toApp(t), paymentStatus: 'unpaid' });
    expect(completed.status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
    const succeeded = stripe.buildEvent('checkout.session.async_payment_succeeded', {
      ...completed.event.data.object,
      payment_status: 'paid',
    });
    expect((await stripe.deliver(succeeded, { target: toApp(t) })).status).toBe(200);
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('records and acknowledges events for unknown sessions and of other types', async () => {
    const unknown = stripe.buildEvent('checkout.session.completed', {
      id: 'cs_test_not_ours',
      payment_status: 'paid',
      amount_total: 100,
      currency: 'usd',
    });
    expect((await stripe.deliver(unknown, { target: toApp(t) })).status).toBe(200);
    const other = stripe.buildEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await stripe.deliver(other, { target: toApp(t) })).status).toBe(200);
    const recorded = await t.db
      .selectFrom('payment_events')
      .select(['id', 'order_id'])
      .where('id', 'in', [unknown.id, other.id])
      .execute();
    expect(recorded).toHaveLength(2);
    expect(recorded.every((r) => r.order_id === null)).toBe(true);
  });

  it('closes the payment row on checkout.session.expired', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const session = await startCard(user, order.id);
    const expired = stripe.buildEvent('checkout.session.expired', {
      ...defined(stripe.session(session.id), 'the Stripe session'),
      status: 'expired',
    });
    expect((await stripe.deliver(expired, { target: toApp(t) })).status).toBe(200);
    expect((await paymentsOf(order.id))[0]).toMatchObject({ status: 'expired' });
  });
});

async function startPaypal(user: User, orderId: number) {
  const res = await post(t, '/api/paypal/create-payment/', user, { order_id: orderId });
  expect(res.statusCode).toBe(200);
  return json(res, PaypalCreatePaymentResponse);
}

describe('PayPal: POST /api/paypal/create-payment/ and /api/paypal/capture-payment/', () => {
  it('creates an Orders v2 order for the stored total, then captures it on return: the order is paid', async () => {
    const user = await createUser(t);
    const { order, projectIds, total } = await insertOrder(t, user);
    const created = await startPaypal(user, order.id);
    expect(created.approval_url).toBe(`${paypal.url}/checkoutnow?token=${created.payment_id}`);

    const [sent] = paypal.apiRequests('POST', '/v2/checkout/orders');
    expect(defined(sent, 'sent').headers['paypal-request-id']).toMatch(
      new RegExp(`^bindery-order-${order.id}-\\d+-paypal-1$`),
    );
    expect(defined(sent, 'sent').body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: String(order.id),
          amount: {
            currency_code: 'USD',
            value: (total / 100).toFixed(2),
            breakdown: {
              item_total: { currency_code: 'USD', value: '273.74' },
              shipping: { currency_code: 'USD', value: '25.00' },
              tax_total: { currency_code: 'USD', value: '24.65' },
            },
          },
          items: [
            {
              name: 'My Novel — 25 copies',
              quantity: '1',
              unit_amount: { currency_code: 'USD', value: '260.75' },
            },
            { name: 'Poems — 1 copy', quantity: '1', unit_amount: { currency_code: 'USD', value: '12.99' } },
          ],
        },
      ],
      application_context: {
        return_url: `${WEB}/payment/success?order=${order.id}`,
        cancel_url: `${WEB}/payment/cancel?order=${order.id}`,
      },
    });
    const stored = await paymentsOf(order.id);
    expect(stored).toMatchObject([
      { provider: 'paypal', provider_ref: created.payment_id, status: 'created' },
    ]);
    expect(Number(defined(stored[0], 'stored[0]').amount_cents)).toBe(total);

    // The buyer approves at PayPal and comes back to /payment/success?token=…
    expect(paypal.approveOrder(created.payment_id)).toContain(`token=${created.payment_id}`);
    const captured = await post(t, '/api/paypal/capture-payment/', user, { payment_id: created.payment_id });
    expect(captured.statusCode).toBe(200);
    const body = json(captured, OrderResponse);
    expect(body.order).toMatchObject({
      id: order.id,
      status: 'paid',
      payment_method: 'paypal',
      total: (total / 100).toFixed(2),
    });
    expect(body.order.paid_at).not.toBeNull();
    expect(await projectStatuses(projectIds)).toEqual(['ordered', 'ordered']);
    const [capture] = paypal.apiRequests('POST', /\/capture$/);
    expect(defined(capture, 'capture').headers['paypal-request-id']).toMatch(/^bindery-capture-\d+-/);
    await mail.waitFor({
      to: user.user.email,
      subject: `Bindery order ${(await orderRow(order.id)).order_number}: payment received`,
    });
  });

  it('is idempotent: capturing twice gives the paid order again and still one completed payment', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const created = await startPaypal(user, order.id);
    paypal.approveOrder(created.payment_id);
    // The page may call twice at once (a double render, a reload): every call is answered with the paid order.
    const racing = await Promise.all(
      [1, 2, 3, 4].map(() =>
        post(t, '/api/paypal/capture-payment/', user, { payment_id: created.payment_id }),
      ),
    );
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const later = await post(t, '/api/paypal/capture-payment/', user, { payment_id: created.payment_id });
    expect(later.statusCode).toBe(200);
    expect(new Set([...racing, later].map((r) => json(r, OrderResponse).order.paid_at)).size).toBe(1);
    const payments = await paymentsOf(order.id);
    expect(payments.filter((p) => p.status === 'completed')).toHaveLength(1);
    expect(paypal.order(created.payment_id)?.purchase_units[0]?.payments?.captures).toHaveLength(1);
  });

  it('counts ORDER_ALREADY_CAPTURED as success once PayPal confirms the order COMPLETED', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const created = await startPaypal(user, order.id);
    paypal.approveOrder(created.payment_id);
    paypal.captureOrder(created.payment_id); // captured by an earlier request whose answer was lost
    const res = await post(t, '/api/paypal/capture-payment/', user, { payment_id: created.payment_id });
    expect(res.statusCode).toBe(200);
    expect(json(res, OrderResponse).order.status).toBe('paid');
    expect(paypal.apiRequests('GET', `/v2/checkout/orders/${created.payment_id}`)).toHaveLength(1);
  });

  it('answers 402 when the buyer has not approved, and the order stays unpaid', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const created = await startPaypal(user, order.id);
    const res = await post(t, '/api/paypal/capture-payment/', user, { payment_id: created.payment_id });
    expect(res.statusCode).toBe(402);
    expect(res.data).toMatchObject({ error: messages.payments.captureFailed, code: 'PAYMENT_FAILED' });
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
  });

  it('does not replay a capture refused before the approval once the buyer approves (docs/decisions/0064)', async () => {
    const user = await createUser(t);
    for (const after of ['capture-payment', 'reconcile'] as const) {
      const { order } = await insertOrder(t, user);
      const created = await startPaypal(user, order.id);
      const early = await post(t, '/api/paypal/capture-payment/', user, { payment_id: created.payment_id });
      expect(early.statusCode).toBe(402);
      paypal.approveOrder(created.payment_id);
      if (after === 'capture-payment') {
        const res = await post(t, '/api/paypal/capture-payment/', user, { payment_id: created.payment_id });
        expect(res.statusCode).toBe(200);
        expect(json(res, OrderResponse).order.status).toBe('paid');
      } else {
        const reconciled = await t.app.payments.reconcileOrder(order.id);
        expect(reconciled.attempts.map((a) => a.outcome)).toEqual(['paid']);
      }
      expect(paypal.order(created.payment_id)?.purchase_units[0]?.payments?.captures).toHaveLength(1);
      const ids = paypal
        .apiRequests('POST', `/v2/checkout/orders/${created.payment_id}/capture`)
        .map((r) => r.headers['paypal-request-id']);
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
    }
  });

  it('answers 502 and leaves the order unpaid when the captured amount differs from the stored one', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const created = await startPaypal(user, order.id);
    paypal.approveOrder(created.payment_id);
    paypal.respondOnce('POST', `/v2/checkout/orders/${created.payment_id}/capture`, {
      status: 201,
      body: {
        id: created.payment_id,
        status: 'COMPLETED',
        purchase_units: [
          {
            payments: {
              captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '1.00' } }],
            },
          },
        ],
      },
    });
    const res = await post(t, '/api/paypal/capture-payment/', user, { payment_id: created.payment_id });
    expect(res.statusCode).toBe(502);
    expect(json(res, ErrorBody).error).toBe(messages.payments.captureFailed);
    expect((await orderRow(order.id)).status).toBe('awaiting_payment');
  });

  it("answers 404 for another user's PayPal payment and an unknown one", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const { order } = await insertOrder(t, owner);
    const created = await startPaypal(owner, order.id);
    paypal.approveOrder(created.payment_id);
    for (const [user, id] of [
      [other, created.payment_id],
      [owner, 'UNKNOWN0000000000'],
    ] as const) {
      const res = await post(t, '/api/paypal/capture-payment/', user, { payment_id: id });
      expect(res.statusCode).toBe(404);
    }
    expect(paypal.apiRequests('POST', /\/capture$/)).toHaveLength(0);
  });

  it("answers 502 with the spec's text when PayPal gives no approval link", async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    paypal.respondOnce('POST', '/v2/checkout/orders', {
      status: 201,
      body: { id: 'NOLINK00000000000', status: 'CREATED', links: [] },
    });
    const res = await post(t, '/api/paypal/create-payment/', user, { order_id: order.id });
    expect(res.statusCode).toBe(502);
    expect(json(res, ErrorBody).error).toBe(messages.payments.noApprovalUrl);
    // The next try is a new attempt (a new PayPal-Request-Id), and works.
    const retry = await startPaypal(user, order.id);
    expect(retry.payment_id).not.toBe('NOLINK00000000000');
    expect(
      defined(paypal.apiRequests('POST', '/v2/checkout/orders').at(-1), 'the last PayPal order request')
        .headers['paypal-request-id'],
    ).toMatch(/-paypal-2$/);
  });

  it('refuses client amounts, foreign orders and paid orders', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { order } = await insertOrder(t, user);
    const { order: paidOrder } = await insertOrder(t, user, { status: 'paid' });
    expect(
      (await post(t, '/api/paypal/create-payment/', user, { order_id: order.id, amount: '0.01' })).statusCode,
    ).toBe(400);
    expect(
      (
        await post(t, '/api/paypal/create-payment/', user, {
          order_id: order.id,
          return_url: 'https://evil.test',
        })
      ).statusCode,
    ).toBe(400);
    expect((await post(t, '/api/paypal/create-payment/', other, { order_id: order.id })).statusCode).toBe(
      404,
    );
    expect((await post(t, '/api/paypal/create-payment/', user, { order_id: paidOrder.id })).statusCode).toBe(
      409,
    );
    expect(paypal.requests).toHaveLength(0);
  });

  it('closes the open card session once PayPal paid the order, so the buyer cannot pay twice', async () => {
    const user = await createUser(t);
    const { order } = await insertOrder(t, user);
    const session = await startCard(user, order.id);
    const created = await startPaypal(user, order.id);
    paypal.approveOrder(created.payment_id);
    expect(
      (await post(t, '/api/paypal/capture-payment/', user, { payment_id: created.payment_id })).statusCode,
    ).toBe(200);
    expect(stripe.session(session.id)?.status).toBe('expired');
    expect((await paymentsOf(order.id)).map((p) => [p.provider, p.status])).toEqual([
      ['stripe', 'expired'],
      ['paypal', 'completed'],
    ]);
    // A card payment that still arrives (paid before the session expired) does not touch the paid order.
    const late = stripe.buildEvent('checkout.session.completed', {
      ...defined(stripe.session(session.id), 'the Stripe session'),
      payment_status: 'paid',
    });
    expect((await stripe.deliver(late, { target: toApp(t) })).status).toBe(200);
    expect((await orderRow(order.id)).payment_method).toBe('paypal');
  });
});

describe('GET /api/config payments, and a server without payment keys', () => {
  it('offers the methods this server has keys for', async () => {
    // Keys of (fake) providers are live mode, whoever answers them; test mode is the API's own test servers.
    expect(
      json(await request(t, { method: 'GET', url: '/api/config' }), PublicConfigResponse).payments,
    ).toEqual({
      card: true,
      paypal: true,
      test_mode: false,
    });
    expect(
      json(await request(bare, { method: 'GET', url: '/api/config' }), PublicConfigResponse).payments,
    ).toEqual({
      card: false,
      paypal: false,
      test_mode: false,
    });
  });

  it("answers 503 with the spec's texts when a method has no keys", async () => {
    const user = await createUser(bare);
    const { order } = await insertOrder(bare, user);
    const card = await post(bare, '/api/create-checkout-session/', user, { order_id: order.id });
    expect(card.statusCode).toBe(503);
    expect(card.data).toMatchObject({
      error: messages.payments.cardNotConfigured,
      code: 'PAYMENT_METHOD_UNAVAILABLE',
    });
    const pp = await post(bare, '/api/paypal/create-payment/', user, { order_id: order.id });
    expect(pp.statusCode).toBe(503);
    expect(json(pp, ErrorBody).error).toBe(messages.payments.paypalNotConfigured);
    const hook = await bare.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(hook.statusCode).toBe(503);
  });

  it('reads the payment keys in env.ts: pairs go together, STRIPE_API_BASE becomes host/port/protocol', () => {
    // A JWT secret, so parseEnv does not generate one into a data directory.
    const parseEnv = (vars: Record<string, string>) => parseEnvFile({ JWT_SECRET: 'x'.repeat(40), ...vars });
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/,
    );
    expect(() => parseEnv({ PAYPAL_CLIENT_ID: 'id' })).toThrow(
      /PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together/,
    );
    expect(() => parseEnv({ PAYPAL_API_BASE: 'ftp://paypal.test' })).toThrow(
      /PAYPAL_API_BASE: must be an http\(s\) URL/,
    );
    const env = parseEnv({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    expect(env.payments.stripe).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(env.payments.paypal).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      apiBase: 'https://api-m.sandbox.paypal.com',
    });
    // No keys: Bindery's own test servers on the default run; payments off on a deployment (docs/decisions/0028).
    expect(parseEnv({}).payments).toEqual({ mode: 'test' });
    expect(parseEnv({ DATABASE_URL: 'postgres://db.test/bindery' }).payments).toEqual({ mode: 'live' });
  });
});
