/**
 * The two gateways (the only code that imports the Stripe and PayPal SDKs) against the local fakes: refunds, the
 * look-ups reconciliation needs (a session's PaymentIntent, a PayPal order's capture), and provider errors that
 * carry the provider's own message.
 */
import { describe, expect, it } from 'vitest';
import { parseEnv } from '#env.js';
import { ProviderError, type PaymentRequest } from '#plugins/app/payments/payment-gateways.js';
import { createPaypalGateway } from '#plugins/app/payments/paypal-gateway.js';
import { createStripeGateway } from '#plugins/app/payments/stripe-gateway.js';
import { defined } from '../helper.js';
import { startPaymentFakes } from '../payment-fakes.js';

const { stripe, paypal, env: fakesEnv } = await startPaymentFakes();
const { payments } = parseEnv({
  ...fakesEnv,
  DATA_DIR: '/tmp/unused',
  JWT_SECRET: 'x'.repeat(32),
});
const stripeConfig = defined(payments.stripe, 'the Stripe settings');
const card = createStripeGateway(stripeConfig);
const pp = createPaypalGateway(defined(payments.paypal, 'the PayPal settings'));

let n = 0;
function paymentRequest(totalCents = 3_000): PaymentRequest {
  n += 1;
  return {
    orderId: 900 + n,
    items: [{ name: 'Book — 10 copies', amountCents: totalCents - 500 }],
    itemTotalCents: totalCents - 500,
    discountCents: 0,
    discountName: 'First-print discount',
    shippingCents: 500,
    shippingName: 'Shipping (FedEx Ground)',
    taxCents: 0,
    totalCents,
    currency: 'USD',
    successUrl: 'http://web.test/success',
    cancelUrl: 'http://web.test/cancel',
    idempotencyKey: `gateway-test-${n}-${Date.now()}`,
  };
}

const refundOf = (orderId: number, amountCents: number, key: string) => ({
  orderId,
  amountCents,
  currency: 'USD',
  idempotencyKey: key,
  note: 'Sorry about that',
});

describe('Stripe gateway', () => {
  it('reads the PaymentIntent of a completed session and refunds part of it, once per key', async () => {
    const request = paymentRequest(3_000);
    const session = await card.createCheckout(request);
    expect(await card.retrieveCheckout(session.id)).toMatchObject({ status: 'open', paymentIntentId: null });
    stripe.dropWebhooks();
    await stripe.completeSession(session.id, { target: 'http://127.0.0.1:9/never' });
    const paid = await card.retrieveCheckout(session.id);
    expect(paid).toMatchObject({ status: 'complete', paymentStatus: 'paid', amountCents: 3_000 });
    expect(paid.paymentIntentId).toMatch(/^pi_/);
    const intent = defined(paid.paymentIntentId, 'the PaymentIntent');

    const first = await card.refund(intent, refundOf(request.orderId, 1_000, 'k-1'));
    expect(first).toMatchObject({ amountCents: 1_000, status: 'succeeded' });
    expect(first.id).toMatch(/^re_/);
    const retried = await card.refund(intent, refundOf(request.orderId, 1_000, 'k-1'));
    expect(retried.id).toBe(first.id);
    expect(stripe.refunds(intent)).toHaveLength(1);
    expect(stripe.received('refund.create').at(-1)?.body).toMatchObject({
      payment_intent: paid.paymentIntentId,
      amount: '1000',
      metadata: { order_id: String(request.orderId) },
    });
  });

  it('carries Stripe’s own message when it refuses a refund', async () => {
    const request = paymentRequest(2_000);
    const session = await card.createCheckout(request);
    await stripe.completeSession(session.id, { target: async () => ({ status: 200, body: '' }) });
    const pi = defined((await card.retrieveCheckout(session.id)).paymentIntentId, 'the PaymentIntent');
    const error = await card.refund(pi, refundOf(request.orderId, 2_001, 'k-over')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      statusCode: 400,
      providerMessage: 'Refund amount ($20.01) is greater than unrefunded amount on charge ($20.00)',
    });
  });

  it('carries the message of a failing Stripe (500) and of an unreachable one', async () => {
    stripe.respondOnce('POST', '/v1/refunds', {
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } },
    });
    const failed = await card.refund('pi_whatever', refundOf(1, 100, 'k-500')).catch((e: unknown) => e);
    expect(failed).toMatchObject({
      statusCode: 500,
      providerMessage: 'Something went wrong on Stripe’s end.',
    });
    const nowhere = createStripeGateway({ ...stripeConfig, port: 1 });
    const unreachable = await nowhere.refund('pi_x', refundOf(1, 100, 'k-down')).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(ProviderError);
    expect((unreachable as ProviderError).statusCode).toBeUndefined();
  });
});

describe('PayPal gateway', () => {
  it('reads the capture id of a captured order and refunds part of it, once per request id', async () => {
    const request = paymentRequest(3_100);
    const order = await pp.createOrder(request);
    expect(order.captureId).toBeUndefined();
    paypal.approveOrder(order.id);
    const result = await pp.captureOrder(order.id, `capture-${order.id}`);
    expect(result.ok).toBe(true);
    const captured = await pp.getOrder(order.id);
    expect(captured).toMatchObject({ status: 'COMPLETED', capturedCents: 3_100, capturedCurrency: 'USD' });
    expect(captured.captureId).toMatch(/^[A-Z0-9]{17}$/);
    const captureId = defined(captured.captureId, 'the capture id');

    const first = await pp.refundCapture(captureId, refundOf(request.orderId, 1_100, 'r-1'));
    expect(first).toMatchObject({ amountCents: 1_100, status: 'COMPLETED' });
    const retried = await pp.refundCapture(captureId, refundOf(request.orderId, 1_100, 'r-1'));
    expect(retried.id).toBe(first.id);
    expect(paypal.refunds(captured.captureId)).toHaveLength(1);
    expect(paypal.received('capture.refund').at(-1)?.body).toMatchObject({
      amount: { currency_code: 'USD', value: '11.00' },
      note_to_payer: 'Sorry about that',
    });
    // A refunded capture still took the money: the order keeps its captured amount and capture id.
    expect(await pp.getOrder(order.id)).toMatchObject({
      capturedCents: 3_100,
      captureId: captured.captureId,
    });
  });

  it('carries PayPal’s own description when it refuses a refund', async () => {
    const order = await pp.createOrder(paymentRequest(1_000));
    paypal.approveOrder(order.id);
    await pp.captureOrder(order.id, `capture-${order.id}`);
    const captureId = defined((await pp.getOrder(order.id)).captureId, 'the capture id');
    const error = await pp.refundCapture(captureId, refundOf(1, 1_001, 'r-over')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      statusCode: 422,
      providerCode: 'REFUND_AMOUNT_EXCEEDED',
      providerMessage:
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
    });
  });
});
