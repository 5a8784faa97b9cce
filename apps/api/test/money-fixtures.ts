/**
 * Paying orders the real way for the money tests (docs/decisions/0022): through the API's payment routes against
 * the payment fakes (official SDKs over HTTP), the card's webhook delivered through Fastify's inject.
 */
import { expect } from 'vitest';
import {
  CreateCheckoutSessionResponse,
  PaypalCreatePaymentResponse,
} from '@bindery/contracts/store/payments';
import type { FakePaypal } from '@bindery/payment-fakes/paypal';
import type { FakeStripe, WebhookDelivery, WebhookTarget } from '@bindery/payment-fakes/stripe';
import { request, type TestContext } from './helper.js';
import type { Auth } from './projects.js';

/** Delivers webhooks through Fastify's inject, as Stripe would POST them. */
export const toApp =
  (t: TestContext): WebhookTarget =>
  async ({ body, headers }) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook/', payload: body, headers });
    return { status: res.statusCode, body: res.body };
  };

/** `purpose: 'difference'`: a hold's unpaid higher difference (docs/decisions/0077). */
type Purpose = { purpose?: 'order' | 'difference' };

export async function startCard(t: TestContext, auth: Auth, orderId: number, opts: Purpose = {}) {
  const res = await request(t, {
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: auth,
    payload: { order_id: orderId, ...opts },
  });
  expect(res.statusCode, res.body).toBe(200);
  return CreateCheckoutSessionResponse.parse(res.data);
}

export async function startPaypal(t: TestContext, auth: Auth, orderId: number, opts: Purpose = {}) {
  const res = await request(t, {
    method: 'POST',
    url: '/api/paypal/create-payment/',
    headers: auth,
    payload: { order_id: orderId, ...opts },
  });
  expect(res.statusCode, res.body).toBe(200);
  return PaypalCreatePaymentResponse.parse(res.data);
}

export const capturePaypal = (t: TestContext, auth: Auth, paymentId: string) =>
  request(t, {
    method: 'POST',
    url: '/api/paypal/capture-payment/',
    headers: auth,
    payload: { payment_id: paymentId },
  });

/**
 * The buyer pays by card: a session through the API, paid at the fake, the signed webhook delivered to the app
 * (or lost, with `drop`). Returns the session id and the delivery.
 */
export async function payByCard(
  t: TestContext,
  stripe: FakeStripe,
  auth: Auth,
  orderId: number,
  opts: { drop?: boolean } & Purpose = {},
): Promise<{ sessionId: string; delivery: WebhookDelivery }> {
  const session = await startCard(t, auth, orderId, opts.purpose ? { purpose: opts.purpose } : {});
  if (opts.drop) stripe.dropWebhooks();
  const delivery = await stripe.completeSession(session.id, { target: toApp(t) });
  if (!opts.drop) expect(delivery.status, delivery.body).toBe(200);
  return { sessionId: session.id, delivery };
}

/** The buyer pays with PayPal: an order through the API, approved at the fake, captured on return. */
export async function payByPaypal(
  t: TestContext,
  paypal: FakePaypal,
  auth: Auth,
  orderId: number,
  opts: Purpose = {},
) {
  const created = await startPaypal(t, auth, orderId, opts);
  paypal.approveOrder(created.payment_id);
  const res = await capturePaypal(t, auth, created.payment_id);
  expect(res.statusCode, res.body).toBe(200);
  return created.payment_id;
}

export const paymentsOf = (t: TestContext, orderId: number) =>
  t.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
export const refundsOf = (t: TestContext, orderId: number) =>
  t.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
export const orderRow = (t: TestContext, id: number) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const eventsOf = (t: TestContext, id: number) =>
  t.db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute();
