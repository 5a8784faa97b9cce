/**
 * Refunds through the provider that took the money (docs/decisions/0022), end to end: orders placed through
 * save-shipping, paid through the payment routes against the payment fakes (official SDKs over HTTP), refunded by
 * staff through POST api/admin/orders/{id}/refund/ (or a staff cancel). Checks what reaches each provider, what
 * is recorded, the order's status and the mails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { AdminOrderResponse, RefundResponse } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { defined, json, request } from '../helper.js';
import { eventsOf, orderRow, payByCard, payByPaypal, paymentsOf, refundsOf } from '../money-fixtures.js';
import { orderOneBook } from '../orders-fixtures.js';
import { paymentsTestApp, staffAndCustomer, type User } from '../payments-test-app.js';

// Private webhook targets allowed: the customer's endpoint below is on this machine (ADR 0076).
const { t, stripe, paypal, mail } = await paymentsTestApp({
  mail: true,
  env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
});

let admin: User;
let customer: User;
beforeAll(async () => ({ admin, customer } = await staffAndCustomer(t)));

const refund = (orderId: number, body: Record<string, unknown>, auth: Record<string, string> = admin.auth) =>
  request(t, { method: 'POST', url: `/api/admin/orders/${orderId}/refund/`, headers: auth, payload: body });
const move = (orderId: number, body: Record<string, unknown>) =>
  request(t, {
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status/`,
    headers: admin.auth,
    payload: body,
  });
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** An order paid by card; its PaymentIntent. */
async function paidByCard(title = 'Card Book') {
  const { order } = await orderOneBook(t, customer.auth, title);
  await payByCard(t, stripe, customer.auth, order.id);
  const [payment] = await paymentsOf(t, order.id);
  expect(payment).toMatchObject({ status: 'completed', duplicate: false });
  const pi = defined(payment?.charge_ref, 'the payment’s PaymentIntent');
  expect(pi).toMatch(/^pi_/);
  return { order, total: cents(order.total), pi };
}

async function paidByPaypal(title = 'PayPal Book') {
  const { order } = await orderOneBook(t, customer.auth, title);
  await payByPaypal(t, paypal, customer.auth, order.id);
  const [payment] = await paymentsOf(t, order.id);
  const captureId = defined(payment?.charge_ref, 'the payment’s PayPal capture');
  expect(captureId).toMatch(/^[A-Z0-9]{17}$/);
  return { order, total: cents(order.total), captureId };
}

describe('POST api/admin/orders/{id}/refund/ — card (Stripe Refunds)', () => {
  it('refunds a part, then the rest by default; the full refund cancels the paid order', async () => {
    const { order, total, pi } = await paidByCard();

    const part = await refund(order.id, { amount_cents: 1_000, reason: 'One copy was damaged' });
    expect(part.statusCode, part.body).toBe(200);
    const first = json(part, RefundResponse);
    expect(first.refund).toMatchObject({
      provider: 'stripe',
      amount: '10.00',
      status: 'succeeded',
      reason: 'One copy was damaged',
      actor: { type: 'staff', user_id: admin.user.id, label: 'Grace Staff' },
    });
    expect(first.refund.provider_refund_id).toMatch(/^re_/);
    expect(first.order).toMatchObject({ status: 'paid', refunded: '10.00' });
    // The refund is an event on the order's timeline: who, how much, how and why, for the customer to read too.
    expect(first.order.events.at(-1)).toMatchObject({
      from: 'paid',
      to: 'paid',
      actor: { type: 'staff', user_id: admin.user.id, label: 'Grace Staff' },
      note: 'Refunded $10.00 (card): One copy was damaged',
      internal: false,
    });
    expect(cents(first.order.refundable)).toBe(total - 1_000);
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([1_000]);
    expect(defined(stripe.received('refund.create')[0], 'a Stripe refund request').body).toMatchObject({
      payment_intent: pi,
      amount: '1000',
    });
    const partMail = await mail.waitFor({
      to: customer.user.email,
      subject: messages.money.refundMailSubject(order.order_number),
    });
    expect(partMail.text).toContain('We refunded $10.00');

    const rest = await refund(order.id, { reason: 'Customer changed their mind' });
    expect(rest.statusCode, rest.body).toBe(200);
    const second = json(rest, RefundResponse);
    expect(cents(second.refund.amount)).toBe(total - 1_000);
    expect(second.order).toMatchObject({ status: 'canceled', refundable: '0.00', refunded: order.total });
    expect(stripe.refunds(pi).reduce((s, r) => s + r.amount, 0)).toBe(total);
    expect((await eventsOf(t, order.id)).at(-1)).toMatchObject({
      from_status: 'paid',
      to_status: 'canceled',
      actor_type: 'staff',
      actor_user_id: admin.user.id,
      note: 'Customer changed their mind',
    });
    const canceled = await mail.waitFor({
      to: customer.user.email,
      subject: `Bindery order ${order.order_number} was canceled`,
    });
    expect(canceled.text).toContain(`We refunded $${order.total}`);
  });

  it('refuses more than what is left with a 400, and asks the provider nothing', async () => {
    const { order, total } = await paidByCard('Over-refund');
    const tooMuch = await refund(order.id, { amount_cents: total + 1, reason: 'Oops' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.data).toMatchObject({
      code: 'REFUND_TOO_LARGE',
      error: messages.money.refundTooLarge(order.total),
      fields: [{ path: 'body.amount_cents' }],
    });
    expect(stripe.received('refund.create')).toHaveLength(0);
    expect(await refundsOf(t, order.id)).toEqual([]);

    expect((await refund(order.id, { amount_cents: total, reason: 'All of it' })).statusCode).toBe(200);
    const again = await refund(order.id, { amount_cents: 1, reason: 'One cent more' });
    expect(again.statusCode).toBe(400);
    expect(json(again, ErrorBody).error).toBe(messages.money.fullyRefunded(order.order_number));
    expect(stripe.received('refund.create')).toHaveLength(1);
  });

  it('answers 502 with Stripe’s own message when Stripe refuses, and records nothing', async () => {
    const { order } = await paidByCard('Refused');
    stripe.respondOnce('POST', '/v1/refunds', {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'charge_disputed',
          message: 'Charge ch_123 has been charged back; you cannot issue a refund.',
        },
      },
    });
    const res = await refund(order.id, { amount_cents: 500, reason: 'Try' });
    expect(res.statusCode).toBe(502);
    expect(res.data).toMatchObject({
      code: 'REFUND_REFUSED',
      error: 'Charge ch_123 has been charged back; you cannot issue a refund.',
    });
    expect(await refundsOf(t, order.id)).toEqual([]);
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('keeps a refund Stripe did not confirm pending and retries it with the same key: one refund only', async () => {
    const { order, pi } = await paidByCard('No answer');
    // The customer's system listens for refunds (ADR 0076).
    const endpoint = await request(t, {
      method: 'POST',
      url: '/api/users/me/webhooks/',
      headers: customer.auth,
      payload: { url: 'http://127.0.0.1:9/bindery', events: ['order.refunded'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const refundedEvents = async () =>
      (
        await t.db
          .selectFrom('webhook_deliveries')
          .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
          .select('webhook_deliveries.event_type')
          .where('webhook_endpoints.user_id', '=', customer.user.id)
          .where('webhook_deliveries.event_type', '=', 'order.refunded')
          .execute()
      ).length;
    const before = await refundedEvents();
    stripe.respondOnce('POST', '/v1/refunds', {
      status: 500,
      body: { error: { type: 'api_error', message: 'An unknown error occurred.' } },
    });
    const res = await refund(order.id, { amount_cents: 700, reason: 'Late delivery' });
    expect(res.statusCode).toBe(502);
    expect(json(res, ErrorBody).code).toBe('REFUND_NOT_CONFIRMED');
    const [pending] = await refundsOf(t, order.id);
    expect(pending).toMatchObject({ status: 'pending', provider_refund_id: null });
    // What is pending counts as on its way: no second refund of the same money meanwhile.
    const total = cents(order.total);
    expect((await refund(order.id, { amount_cents: total - 699, reason: 'Too much' })).statusCode).toBe(400);

    // The reconciliation job asks again with the SAME key (after a while): the provider makes it once.
    const later = new Date(Date.now() + 3 * 60_000);
    await t.app.payments.reconcileDue(later);
    const [done] = await refundsOf(t, order.id);
    expect(done).toMatchObject({ id: defined(pending, 'pending').id, status: 'succeeded' });
    expect(defined(done, 'done').provider_refund_id).toMatch(/^re_/);
    const keys = stripe.received('refund.create').map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([
      defined(pending, 'pending').idempotency_key,
      defined(pending, 'pending').idempotency_key,
    ]);
    await t.app.payments.reconcileDue(later);
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([700]);
    // Settled like a first answer: its event on the timeline by the staff member who asked, and one webhook.
    expect((await eventsOf(t, order.id)).filter((e) => e.note?.startsWith('Refunded '))).toEqual([
      expect.objectContaining({ note: 'Refunded $7.00 (card): Late delivery', actor_type: 'staff', internal: false }),
    ]);
    expect((await refundedEvents()) - before).toBe(1);
  });

  it('gives one of two concurrent full refunds and refuses the other: the money goes back once', async () => {
    const { order, total, pi } = await paidByCard('Two staff');
    const [a, b] = await Promise.all([
      refund(order.id, { reason: 'First click' }),
      refund(order.id, { reason: 'Second click' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([total]);
    expect((await refundsOf(t, order.id)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('refunds a shipped order without moving it (and mails the customer)', async () => {
    const { order } = await paidByCard('Shipped');
    expect((await move(order.id, { status: 'in_production' })).statusCode).toBe(200);
    const shipped = await move(order.id, { status: 'shipped', carrier: 'FedEx', tracking_number: '7700 1' });
    expect(shipped.statusCode).toBe(200);
    const res = await refund(order.id, { reason: 'Lost in transit' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, RefundResponse).order).toMatchObject({ status: 'shipped', refundable: '0.00' });
  });
});

describe('POST api/admin/orders/{id}/refund/ — PayPal (capture refund)', () => {
  it('refunds the whole capture by default and cancels the paid order', async () => {
    const { order, total, captureId } = await paidByPaypal();
    const res = await refund(order.id, { reason: 'Printed the wrong cover' });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res, RefundResponse);
    expect(body.refund).toMatchObject({ provider: 'paypal', status: 'succeeded', amount: order.total });
    expect(body.order.status).toBe('canceled');
    expect(paypal.refunds(captureId).map((r) => cents(r.amount.value))).toEqual([total]);
    expect(paypal.capture(captureId)?.status).toBe('REFUNDED');
    expect(
      defined(paypal.received('capture.refund')[0], 'a PayPal refund request').headers['paypal-request-id'],
    ).toBe(defined((await refundsOf(t, order.id))[0], 'the refund row').idempotency_key);
  });

  it('refunds part of an order in production, then the rest, which cancels it', async () => {
    const { order, total, captureId } = await paidByPaypal('In production');
    expect((await move(order.id, { status: 'in_production' })).statusCode).toBe(200);
    expect((await refund(order.id, { amount_cents: 250, reason: 'Discount' })).statusCode).toBe(200);
    expect(paypal.capture(captureId)?.status).toBe('PARTIALLY_REFUNDED');
    expect((await orderRow(t, order.id)).status).toBe('in_production');
    const rest = await refund(order.id, { reason: 'Canceled by the customer' });
    expect(json(rest, RefundResponse).order.status).toBe('canceled');
    expect(paypal.refunds(captureId).reduce((s, r) => s + cents(r.amount.value), 0)).toBe(total);
  });

  it('answers 502 with PayPal’s own description when PayPal refuses, and records nothing', async () => {
    const { order } = await paidByPaypal('PayPal refuses');
    paypal.respondOnce('POST', /\/refund$/, {
      status: 422,
      body: {
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The requested action could not be performed.',
        details: [
          {
            issue: 'REFUND_FAILED_INSUFFICIENT_FUNDS',
            description: 'Capture could not be refunded due to insufficient funds.',
          },
        ],
      },
    });
    const res = await refund(order.id, { amount_cents: 100, reason: 'Try' });
    expect(res.statusCode).toBe(502);
    expect(json(res, ErrorBody).error).toBe('Capture could not be refunded due to insufficient funds.');
    expect(await refundsOf(t, order.id)).toEqual([]);
  });
});

describe('refunds and the order', () => {
  it('a staff cancel of a paid order refunds it in full through the provider first', async () => {
    const { order, total, pi } = await paidByCard('Staff cancel');
    const res = await move(order.id, { status: 'canceled', note: 'Customer asked to cancel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, AdminOrderResponse).order).toMatchObject({
      status: 'canceled',
      refunded: order.total,
      refundable: '0.00',
    });
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([total]);
    expect((await refundsOf(t, order.id))[0]).toMatchObject({
      reason: 'Customer asked to cancel',
      actor_type: 'staff',
      status: 'succeeded',
    });
  });

  it('a staff cancel whose refund the provider refuses leaves the order paid (502)', async () => {
    const { order } = await paidByCard('Cancel refused');
    stripe.respondOnce('POST', '/v1/refunds', {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'Refunds are disabled on this account.' } },
    });
    const res = await move(order.id, { status: 'canceled' });
    expect(res.statusCode).toBe(502);
    expect(json(res, ErrorBody).error).toBe('Refunds are disabled on this account.');
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('answers 409 for an order with no payment and 404 for an unknown one', async () => {
    const { order } = await orderOneBook(t, customer.auth, 'Unpaid');
    const res = await refund(order.id, { reason: 'Nothing to give back' });
    expect(res.statusCode).toBe(409);
    expect(json(res, ErrorBody).error).toBe(messages.money.nothingToRefund(order.order_number));
    expect((await refund(2_000_000, { reason: 'x' })).statusCode).toBe(404);
  });

  it('checks the body: a reason is required, amounts are positive whole cents, nothing else is accepted', async () => {
    const { order } = await paidByCard('Bad bodies');
    for (const body of [
      {},
      { reason: '' },
      { reason: 'x', amount_cents: 0 },
      { reason: 'x', amount_cents: 12.5 },
      { reason: 'x', amount: '10.00' },
    ]) {
      const res = await refund(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(stripe.received('refund.create')).toHaveLength(0);
  });
});

describe('authorization of the money routes', () => {
  const routes = (orderId: number) => [
    { method: 'POST' as const, url: `/api/admin/orders/${orderId}/refund/`, payload: { reason: 'x' } },
    { method: 'POST' as const, url: `/api/admin/orders/${orderId}/reconcile/` },
    { method: 'GET' as const, url: '/api/admin/sales/' },
  ];

  it('answers 401 without a token and 403 to a customer (even the order’s own), and changes nothing', async () => {
    const { order, pi } = await paidByCard('Guarded');
    for (const route of routes(order.id)) {
      const anonymous = await request(t, route);
      expect(anonymous.statusCode, route.url).toBe(401);
      const own = await request(t, { ...route, headers: customer.auth });
      expect(own.statusCode, route.url).toBe(403);
      expect(json(own, ErrorBody).error).toBe(messages.generic.forbidden);
    }
    expect(stripe.refunds(pi)).toEqual([]);
    expect(await refundsOf(t, order.id)).toEqual([]);
    for (const route of routes(order.id)) {
      const res = await request(t, { ...route, headers: admin.auth });
      expect(res.statusCode, `${route.url}: ${res.body}`).toBe(200);
    }
  });
});
