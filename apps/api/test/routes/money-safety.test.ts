/**
 * Money safety (docs/decisions/0022) on the real app and PostgreSQL, against the payment fakes: unpaid orders
 * expire (a clock the test moves), a lost webhook or an abandoned PayPal return is reconciled to paid by the job
 * and by the admin's button, no second payment starts while another is open, and money that still arrives twice
 * is refunded automatically and recorded. Jobs run by `t.app.jobs.tick()` (the scheduler, once the clock says
 * they are due) or by calling the module's function with a time.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { ReconcileResponse } from '@bindery/contracts/admin/payments';
import { AdminOrderResponse } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { manualClock } from '#lib/clock.js';
import { defined, json, request } from '../helper.js';
import {
  capturePaypal,
  eventsOf,
  orderRow,
  payByCard,
  payByPaypal,
  paymentsOf,
  refundsOf,
  startCard,
  startPaypal,
  toApp,
} from '../money-fixtures.js';
import { orderOneBook } from '../orders-fixtures.js';
import { paymentsTestApp, staffAndCustomer, type User } from '../payments-test-app.js';

const clock = manualClock();
const { t, stripe, paypal } = await paymentsTestApp({ clock });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let admin: User;
let customer: User;
beforeAll(async () => ({ admin, customer } = await staffAndCustomer(t)));
beforeEach(async () => {
  // Every test starts "now" (paymentsTestApp sets the clock; the fakes' own clocks are real: Stripe checks a
  // session's expires_at against them), with every job due at the scheduler's next tick.
  await t.db
    .updateTable('job_schedules')
    .set({ next_run_at: new Date(0), locked_until: null })
    .execute();
});

/** Stripe does not answer the next look-up of a Checkout Session. */
const stripeDownOnce = () =>
  stripe.respondOnce('GET', /^\/v1\/checkout\/sessions\//, {
    status: 500,
    body: { error: { type: 'api_error', message: 'down' } },
  });
const reconcileButton = (orderId: number, auth = admin.auth) =>
  request(t, { method: 'POST', url: `/api/admin/orders/${orderId}/reconcile/`, headers: auth });
const order = async (title: string) => (await orderOneBook(t, customer.auth, title)).order;

describe('expiry of unpaid orders', () => {
  it('cancels an order not paid in time: its Checkout Session expired at Stripe, its PayPal order never captured', async () => {
    const placed = await order('Expires');
    expect(placed.expires_at).toBe(new Date(clock.now().getTime() + 24 * HOUR).toISOString());
    const session = await startCard(t, customer.auth, placed.id);
    // Stripe stops taking money when the order expires (or as close to it as Stripe allows: 24 h at most).
    const sessionEnd = defined(stripe.session(session.id), 'the Stripe session').expires_at * 1000;
    expect(sessionEnd).toBeLessThanOrEqual(Date.parse(defined(placed.expires_at, 'placed.expires_at')));
    expect(sessionEnd).toBeGreaterThan(clock.now().getTime() + 23 * HOUR);
    const pp = await startPaypal(t, customer.auth, placed.id);
    expect(stripe.session(session.id)?.status).toBe('expired'); // closed when PayPal was chosen (no second payment)
    await expect(t.app.orders.expireDue(clock.now())).resolves.toMatchObject({ canceled: 0 });

    clock.advance(24 * HOUR + MINUTE);
    // Expired, but the job has not run yet: no new payment starts.
    const early = await request(t, {
      method: 'POST',
      url: '/api/paypal/create-payment/',
      headers: customer.auth,
      payload: { order_id: placed.id },
    });
    expect(early.statusCode).toBe(409);
    expect(early.data).toMatchObject({ code: 'ORDER_EXPIRED', error: messages.money.orderExpired });

    // The scheduler runs the expiry job (and the others) once the clock says they are due.
    const ran = await t.app.jobs.tick();
    expect(ran).toContain('orders.expire-unpaid');
    const row = await orderRow(t, placed.id);
    expect(row.status).toBe('canceled');
    expect((await eventsOf(t, placed.id)).at(-1)).toMatchObject({
      from_status: 'awaiting_payment',
      to_status: 'canceled',
      actor_type: 'system',
      note: messages.money.expiredNote(24),
      internal: false,
    });
    expect((await paymentsOf(t, placed.id)).map((p) => [p.provider, p.status])).toEqual([
      ['stripe', 'expired'],
      ['paypal', 'expired'],
    ]);
    // PayPal has no void for a CAPTURE order: the attempt is closed on our side, nothing is sent to PayPal.
    expect(paypal.requests.filter((r) => /void|cancel/.test(r.path))).toEqual([]);
    expect(paypal.order(pp.payment_id)?.status).toBe('CREATED');
    // PayPal shows the buyer the order by the number every page and mail uses.
    expect(paypal.order(pp.payment_id)?.purchase_units[0]?.description).toBe(`Bindery order ${placed.order_number}`);

    // An expired order cannot be paid: 409 for a new payment and for the late PayPal return alike.
    for (const url of ['/api/create-checkout-session/', '/api/paypal/create-payment/']) {
      const res = await request(t, {
        method: 'POST',
        url,
        headers: customer.auth,
        payload: { order_id: placed.id },
      });
      expect(res.statusCode, url).toBe(409);
      expect(json(res, ErrorBody).code).toBe('ORDER_NOT_PAYABLE');
    }
    paypal.approveOrder(pp.payment_id);
    const late = await capturePaypal(t, customer.auth, pp.payment_id);
    expect(late.statusCode).toBe(409);
    expect(paypal.received('order.capture')).toEqual([]);
  });

  it('lets money that arrived before the end pay the order instead of canceling it (a lost webhook)', async () => {
    const placed = await order('Paid at the last minute');
    const { sessionId } = await payByCard(t, stripe, customer.auth, placed.id, { drop: true });
    expect((await orderRow(t, placed.id)).status).toBe('awaiting_payment');
    clock.advance(24 * HOUR + MINUTE);
    await expect(t.app.orders.expireDue(clock.now())).resolves.toMatchObject({ canceled: 0, paid: 1 });
    const row = await orderRow(t, placed.id);
    expect(row.status).toBe('paid');
    expect(stripe.received('checkout.session.expire')).toEqual([]);
    expect((await paymentsOf(t, placed.id))[0]).toMatchObject({
      status: 'completed',
      provider_ref: sessionId,
    });
  });

  it('keeps an order whose session cannot be closed (Stripe does not answer) for the next run', async () => {
    const placed = await order('Stripe down at expiry');
    await startCard(t, customer.auth, placed.id);
    clock.advance(25 * HOUR);
    stripe.respondOnce('GET', /^\/v1\/checkout\/sessions\//, {
      status: 500,
      body: { error: { type: 'api_error', message: 'down' } },
    });
    await expect(t.app.orders.expireDue(clock.now())).resolves.toMatchObject({ canceled: 0, postponed: 1 });
    expect((await orderRow(t, placed.id)).status).toBe('awaiting_payment');
    await expect(t.app.orders.expireDue(clock.now())).resolves.toMatchObject({ canceled: 1 });
  });
});

describe('reconciliation', () => {
  it('turns a lost card webhook into a paid order within one period of the job', async () => {
    const placed = await order('Lost webhook');
    const { sessionId, delivery } = await payByCard(t, stripe, customer.auth, placed.id, { drop: true });
    expect(delivery.dropped).toBe(true);
    const ticked = await t.app.jobs.tick();
    expect(ticked).toContain('payments.reconcile');
    // Too young: asked about only once it is RECONCILE_AFTER_MINUTES old.
    expect((await orderRow(t, placed.id)).status).toBe('awaiting_payment');
    expect(stripe.received('checkout.session.retrieve')).toEqual([]);

    clock.advance(5 * MINUTE);
    expect(await t.app.jobs.tick()).toContain('payments.reconcile');
    const row = await orderRow(t, placed.id);
    expect(row).toMatchObject({ status: 'paid', payment_method: 'card' });
    const [payment] = await paymentsOf(t, placed.id);
    expect(payment).toMatchObject({ status: 'completed', provider_ref: sessionId, duplicate: false });
    expect(defined(payment, 'payment').charge_ref).toBe(
      defined(stripe.session(sessionId), 'the Stripe session').payment_intent,
    );
    expect((await eventsOf(t, placed.id)).at(-1)).toMatchObject({ to_status: 'paid', actor_type: 'system' });

    // Stripe redelivers the lost event later: nothing changes, nothing is refunded.
    const again = await stripe.deliver(delivery.event, { target: toApp(t) });
    expect(again.status).toBe(200);
    expect((await paymentsOf(t, placed.id)).filter((p) => p.status === 'completed')).toHaveLength(1);
    expect(await refundsOf(t, placed.id)).toEqual([]);
  });

  it('captures a PayPal order the buyer approved but never came back from', async () => {
    const placed = await order('Approved, tab closed');
    const created = await startPaypal(t, customer.auth, placed.id);
    paypal.approveOrder(created.payment_id);
    clock.advance(6 * MINUTE);
    await expect(t.app.payments.reconcileDue(clock.now())).resolves.toMatchObject({ paid: 1 });
    expect((await orderRow(t, placed.id)).status).toBe('paid');
    expect(paypal.order(created.payment_id)?.status).toBe('COMPLETED');
    // The PayPal-Request-Id of the payment and the order's state (ADR 0064): the success page's capture of the same
    // approved order sends the same one; a return now finds the order COMPLETED and captures nothing more.
    const [capture] = paypal.received('order.capture');
    const [payment] = await paymentsOf(t, placed.id);
    expect(defined(capture, 'capture').headers['paypal-request-id']).toMatch(
      new RegExp(`^bindery-capture-${defined(payment, 'payment').id}-${created.payment_id}-[\\w-]{12}$`),
    );
    const back = await capturePaypal(t, customer.auth, created.payment_id);
    expect(back.statusCode).toBe(200);
    expect(paypal.received('order.capture')).toHaveLength(1);
  });

  it('leaves attempts that are still open alone, and answers the admin’s button with what it found', async () => {
    const placed = await order('Button');
    const session = await startCard(t, customer.auth, placed.id);
    const open = await reconcileButton(placed.id);
    expect(open.statusCode, open.body).toBe(200);
    expect(json(open, ReconcileResponse).attempts).toEqual([
      expect.objectContaining({ provider: 'stripe', provider_reference: session.id, outcome: 'open' }),
    ]);
    expect(stripe.session(session.id)?.status).toBe('open');

    stripe.dropWebhooks();
    await stripe.completeSession(session.id, { target: toApp(t) });
    const res = await reconcileButton(placed.id);
    const body = json(res, ReconcileResponse);
    expect(body.attempts.map((a) => a.outcome)).toEqual(['paid']);
    expect(body.order).toMatchObject({ status: 'paid', payment_reference: session.id });
    expect(json(await reconcileButton(placed.id), ReconcileResponse).attempts).toEqual([]);
    expect((await reconcileButton(2_000_000)).statusCode).toBe(404);
  });

  it('keeps asking in turn: a provider that does not answer leaves the attempt for the next run', async () => {
    const placed = await order('Stripe flaky');
    await payByCard(t, stripe, customer.auth, placed.id, { drop: true });
    clock.advance(10 * MINUTE);
    stripe.respondOnce('GET', /^\/v1\/checkout\/sessions\//, {
      status: 503,
      body: { error: { type: 'api_error', message: 'Try later' } },
    });
    await expect(t.app.payments.reconcileDue(clock.now())).resolves.toMatchObject({ unreachable: 1 });
    expect((await orderRow(t, placed.id)).status).toBe('awaiting_payment');
    await expect(t.app.payments.reconcileDue(clock.now())).resolves.toMatchObject({ paid: 1 });
  });
});

describe('no second payment', () => {
  it('closes the open card session at Stripe before a PayPal payment starts, and the PayPal order before a card one', async () => {
    const placed = await order('Switching methods');
    const card = await startCard(t, customer.auth, placed.id);
    const pp = await startPaypal(t, customer.auth, placed.id);
    expect(stripe.received('checkout.session.expire').map((r) => r.path)).toEqual([
      `/v1/checkout/sessions/${card.id}/expire`,
    ]);
    const again = await startCard(t, customer.auth, placed.id);
    expect(again.id).not.toBe(card.id);
    expect((await paymentsOf(t, placed.id)).map((p) => [p.provider, p.status])).toEqual([
      ['stripe', 'expired'],
      ['paypal', 'expired'],
      ['stripe', 'created'],
    ]);
    // The closed PayPal order is never captured, even if the buyer approves it in another tab.
    paypal.approveOrder(pp.payment_id);
    const res = await capturePaypal(t, customer.auth, pp.payment_id);
    expect(res.statusCode).toBe(409);
    expect(paypal.received('order.capture')).toEqual([]);
  });

  it('refuses a PayPal payment when the card session was paid meanwhile (409), and pays the order with it', async () => {
    const placed = await order('Paid by card, webhook late');
    await payByCard(t, stripe, customer.auth, placed.id, { drop: true });
    const res = await request(t, {
      method: 'POST',
      url: '/api/paypal/create-payment/',
      headers: customer.auth,
      payload: { order_id: placed.id },
    });
    expect(res.statusCode).toBe(409);
    expect((await orderRow(t, placed.id)).status).toBe('paid');
    expect(paypal.received('order.create')).toEqual([]);
  });
});

describe('money that arrives twice', () => {
  it('refunds a card payment that completed after PayPal paid the order, once, and records it', async () => {
    const placed = await order('Paid twice');
    const card = await startCard(t, customer.auth, placed.id);
    // The buyer paid the card session in one tab (its webhook is late) …
    stripe.dropWebhooks();
    const late = await stripe.completeSession(card.id, { target: toApp(t) });
    // … while PayPal was being created in another, before the card could be closed. (Starting PayPal now would
    // find the card money and refuse; this is the race that slips through.)
    await t.db
      .updateTable('payments')
      .set({ status: 'expired' })
      .where('provider_ref', '=', card.id)
      .execute();
    const ppId = await payByPaypal(t, paypal, customer.auth, placed.id);
    await t.db
      .updateTable('payments')
      .set({ status: 'created' })
      .where('provider_ref', '=', card.id)
      .execute();
    expect((await orderRow(t, placed.id)).payment_method).toBe('paypal');

    // Stripe's late webhook: the money is there, the order was paid by PayPal → refunded automatically.
    const delivered = await stripe.deliver(late.event, { target: toApp(t) });
    expect(delivered.status).toBe(200);
    const pi = defined(
      defined(stripe.session(card.id), 'the Stripe session').payment_intent,
      'its PaymentIntent',
    );
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([Math.round(Number(placed.total) * 100)]);
    const payments = await paymentsOf(t, placed.id);
    expect(payments.map((p) => [p.provider, p.status, p.duplicate])).toEqual([
      ['stripe', 'completed', true],
      ['paypal', 'completed', false],
    ]);
    const [auto] = await refundsOf(t, placed.id);
    expect(auto).toMatchObject({
      payment_id: defined(payments[0], 'payments[0]').id,
      status: 'succeeded',
      actor_type: 'system',
      reason: messages.money.duplicatePaidTwice,
    });
    expect((await eventsOf(t, placed.id)).at(-1)).toMatchObject({
      from_status: 'paid',
      to_status: 'paid',
      actor_type: 'system',
      internal: true,
    });
    // The order keeps its own payment: the PayPal money is still all refundable, the order still paid.
    const detail = await request(t, {
      method: 'GET',
      url: `/api/admin/orders/${placed.id}/`,
      headers: admin.auth,
    });
    const detailed = json(detail, AdminOrderResponse).order;
    expect(detailed).toMatchObject({ status: 'paid', refunded: '0.00', refundable: placed.total });
    expect(detailed.payment_reference).toBe(ppId);

    // Redelivered again, and the job's pass over duplicates: still one refund.
    await stripe.deliver(late.event, { target: toApp(t) });
    await t.app.payments.reconcileDue(new Date(clock.now().getTime() + HOUR));
    expect(stripe.refunds(pi)).toHaveLength(1);
    expect(await refundsOf(t, placed.id)).toHaveLength(1);
  });

  it('refunds card money for an order canceled before it arrived', async () => {
    const placed = await order('Canceled, then paid');
    const card = await startCard(t, customer.auth, placed.id);
    // The cancel closes the session at Stripe (ADR 0051), unless Stripe does not answer then, as here …
    stripeDownOnce();
    const cancel = await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${placed.id}/status/`,
      headers: admin.auth,
      payload: { status: 'canceled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // … and the buyer pays the session still open before the reconciliation job closes it.
    await stripe.completeSession(card.id, { target: toApp(t) });
    const pi = defined(
      defined(stripe.session(card.id), 'the Stripe session').payment_intent,
      'its PaymentIntent',
    );
    expect(stripe.refunds(pi)).toHaveLength(1);
    expect((await refundsOf(t, placed.id))[0]).toMatchObject({ reason: messages.money.duplicateAfterCancel });
    expect((await orderRow(t, placed.id)).status).toBe('canceled');
  });

  it('retries an automatic refund the provider did not make, until it is made', async () => {
    const placed = await order('Refund retried');
    const card = await startCard(t, customer.auth, placed.id);
    stripeDownOnce(); // the session stays open at the cancel (ADR 0051)
    await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${placed.id}/status/`,
      headers: admin.auth,
      payload: { status: 'canceled' },
    });
    stripe.respondOnce('POST', '/v1/refunds', {
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'Temporarily refused.' } },
    });
    await stripe.completeSession(card.id, { target: toApp(t) });
    const pi = defined(
      defined(stripe.session(card.id), 'the Stripe session').payment_intent,
      'its PaymentIntent',
    );
    expect(stripe.refunds(pi)).toEqual([]);
    await expect(t.app.payments.reconcileDue(clock.now())).resolves.toMatchObject({ duplicates_refunded: 1 });
    expect(stripe.refunds(pi)).toHaveLength(1);
    await t.app.payments.reconcileDue(clock.now());
    expect(stripe.refunds(pi)).toHaveLength(1);
  });
});
