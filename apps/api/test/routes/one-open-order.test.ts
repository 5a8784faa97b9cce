/**
 * One payable order per project (docs/decisions/0051), on the real app and PostgreSQL against the payment fakes:
 * saving shipping again for books of an unpaid order supersedes it (canceled in the same transaction, its Checkout
 * Session expired at Stripe, its PayPal order never captured); two save-shippings at once leave one payable order;
 * money that still arrives for a superseded or canceled order is refunded automatically and recorded; staff
 * cancels and the customer's deletes and edits close the order's open attempts at once, and the reconciliation job
 * closes what a provider that did not answer left open.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderResponse } from '@bindery/contracts/admin/orders';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { manualClock } from '#lib/clock.js';
import { defined, json, request } from '../helper.js';
import {
  capturePaypal,
  eventsOf,
  orderRow,
  paymentsOf,
  refundsOf,
  startCard,
  startPaypal,
  toApp,
} from '../money-fixtures.js';
import { ADDRESS, placeOrder } from '../orders-fixtures.js';
import { paymentsTestApp, staffAndCustomer, type User } from '../payments-test-app.js';
import { createPrintBook, uploadBook, uploadPdf } from '../projects.js';

const clock = manualClock();
const { t, stripe, paypal } = await paymentsTestApp({ clock });

let admin: User;
let customer: User;
beforeAll(async () => ({ admin, customer } = await staffAndCustomer(t)));

const saveShipping = (projectIds: number[], service: string, auth = customer.auth) =>
  request(t, {
    method: 'POST',
    url: '/api/save-shipping/',
    headers: auth,
    payload: { user_address: ADDRESS, project_ids: projectIds, selected_service: service },
  });

/** The orders holding a project, with their statuses, oldest first. */
const ordersOfProject = (projectId: number) =>
  t.db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['orders.id', 'orders.status', 'order_items.payable'])
    .where('order_items.project_id', '=', projectId)
    .orderBy('orders.id')
    .execute();

/** The buyer presses Pay on the fake's hosted page of a session (what a page left open in a tab does). */
const payOnHostedPage = (sessionUrl: string) =>
  fetch(`${sessionUrl}/pay`, { method: 'POST', redirect: 'manual' });

const staffCancel = (orderId: number) =>
  request(t, {
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status/`,
    headers: admin.auth,
    payload: { status: 'canceled' },
  });

/** The buyer approves the PayPal order in a tab left open and comes back: refused (409), nothing captured. */
async function expectNeverCaptured(paymentId: string) {
  paypal.approveOrder(paymentId);
  const back = await capturePaypal(t, customer.auth, paymentId);
  expect(back.statusCode).toBe(409);
  expect(json(back, ErrorBody).code).toBe('ORDER_NOT_PAYABLE');
  expect(paypal.received('order.capture')).toEqual([]);
}

describe('saving shipping again for books of an unpaid order', () => {
  it('supersedes the old order: canceled with its event, its Checkout Session expired at Stripe, nothing left to pay', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Back and change' });
    const first = await placeOrder(t, customer.auth, [book.id], 'FEDEX_GROUND');
    const session = await startCard(t, customer.auth, first.id);
    expect(stripe.session(session.id)?.status).toBe('open');

    // Back to the shop, another service: a new order, and the old one can no longer be paid.
    const res = await saveShipping([book.id], 'FEDEX_2_DAY');
    expect(res.statusCode, res.body).toBe(201);
    const second = json(res, OrderResponse).order;
    expect(second.id).not.toBe(first.id);
    expect(await ordersOfProject(book.id)).toEqual([
      { id: first.id, status: 'canceled', payable: false },
      { id: second.id, status: 'awaiting_payment', payable: true },
    ]);
    expect((await eventsOf(t, first.id)).at(-1)).toMatchObject({
      from_status: 'awaiting_payment',
      to_status: 'canceled',
      actor_type: 'customer',
      actor_user_id: customer.user.id,
      note: messages.orders.canceledSuperseded,
      internal: false,
    });

    // Closed at Stripe in the same request: the hosted page refuses to take money.
    expect(stripe.received('checkout.session.expire').map((r) => r.path)).toEqual([
      `/v1/checkout/sessions/${session.id}/expire`,
    ]);
    expect(stripe.session(session.id)?.status).toBe('expired');
    expect((await paymentsOf(t, first.id)).map((p) => p.status)).toEqual(['expired']);
    const pay = await payOnHostedPage(session.url);
    expect(pay.status).toBe(409);
    for (const url of ['/api/create-checkout-session/', '/api/paypal/create-payment/']) {
      const again = await request(t, {
        method: 'POST',
        url,
        headers: customer.auth,
        payload: { order_id: first.id },
      });
      expect(again.statusCode, url).toBe(409);
      expect(json(again, ErrorBody).code).toBe('ORDER_NOT_PAYABLE');
    }
  });

  it('never captures the superseded order’s PayPal payment, even once the buyer approved it', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'PayPal then change' });
    const first = await placeOrder(t, customer.auth, [book.id], 'FEDEX_GROUND');
    const created = await startPaypal(t, customer.auth, first.id);
    const res = await saveShipping([book.id], 'FEDEX_STANDARD_OVERNIGHT');
    expect(res.statusCode, res.body).toBe(201);
    expect((await paymentsOf(t, first.id)).map((p) => [p.provider, p.status])).toEqual([
      ['paypal', 'expired'],
    ]);
    await expectNeverCaptured(created.payment_id);
  });

  it('leaves exactly one payable order when two save-shippings for the same book run at once', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Two tabs' });
    const answers = await Promise.all([
      saveShipping([book.id], 'FEDEX_GROUND'),
      saveShipping([book.id], 'FEDEX_2_DAY'),
      saveShipping([book.id], 'FEDEX_STANDARD_OVERNIGHT'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const held = await ordersOfProject(book.id);
    expect(held).toHaveLength(3);
    expect(held.filter((o) => o.status === 'awaiting_payment')).toHaveLength(1);
    expect(held.filter((o) => o.payable)).toEqual(held.filter((o) => o.status === 'awaiting_payment'));
  });

  it('refuses a second payable order for a project in the database itself', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Any writer' });
    const order = await placeOrder(t, customer.auth, [book.id]);
    const item = await t.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    // A copy of the payable item written by hand (a script, another code path): the database refuses it.
    const copy = {
      order_id: item.order_id,
      project_id: item.project_id,
      title: item.title,
      category: item.category,
      quantity: item.quantity,
      cost_per_book_cents: Number(item.cost_per_book_cents),
      discount_cents: Number(item.discount_cents),
      line_total_cents: Number(item.line_total_cents),
      payable: true,
    };
    await expect(t.db.insertInto('order_items').values(copy).execute()).rejects.toMatchObject({
      code: '23505',
      constraint: 'order_items_one_payable_order_per_project',
    });
  });

  it('refuses a book that is already paid for (409), so one project is never in two paid orders', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Paid once' });
    const order = await placeOrder(t, customer.auth, [book.id]);
    const session = await startCard(t, customer.auth, order.id);
    await stripe.completeSession(session.id, { target: toApp(t) });
    expect((await orderRow(t, order.id)).status).toBe('paid');
    const res = await saveShipping([book.id], 'FEDEX_2_DAY');
    expect(res.statusCode).toBe(409);
    expect(json(res, ErrorBody)).toMatchObject({
      code: 'PROJECT_ALREADY_ORDERED',
      error: messages.checkout.projectAlreadyOrdered('Paid once'),
    });
  });
});

describe('money for an order that can no longer be paid', () => {
  it('refunds a late card payment for a superseded order automatically, records it for staff, and pays the new order alone', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Late webhook' });
    const first = await placeOrder(t, customer.auth, [book.id], 'FEDEX_GROUND');
    const session = await startCard(t, customer.auth, first.id);
    // Stripe does not answer while the order is superseded: the session stays open at Stripe …
    stripe.respondOnce('GET', /^\/v1\/checkout\/sessions\//, {
      status: 500,
      body: { error: { type: 'api_error', message: 'down' } },
    });
    const res = await saveShipping([book.id], 'FEDEX_2_DAY');
    expect(res.statusCode, res.body).toBe(201);
    const second = json(res, OrderResponse).order;
    expect(stripe.session(session.id)?.status).toBe('open');

    // … and the buyer pays it in the tab left open: the webhook arrives for the superseded order.
    const late = await stripe.completeSession(session.id, { target: toApp(t) });
    expect(late.status).toBe(200);
    const pi = defined(
      defined(stripe.session(session.id), 'the session').payment_intent,
      'its PaymentIntent',
    );
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([Math.round(Number(first.total) * 100)]);
    expect((await paymentsOf(t, first.id)).map((p) => [p.status, p.duplicate])).toEqual([
      ['completed', true],
    ]);
    expect(await refundsOf(t, first.id)).toMatchObject([
      { status: 'succeeded', actor_type: 'system', reason: messages.money.duplicateAfterCancel },
    ]);
    const detail = json(
      await request(t, { method: 'GET', url: `/api/admin/orders/${first.id}/`, headers: admin.auth }),
      AdminOrderResponse,
    ).order;
    expect(detail.status).toBe('canceled');
    expect(detail.refunds).toHaveLength(1);
    expect(detail.events.at(-1)).toMatchObject({
      from: 'canceled',
      to: 'canceled',
      internal: true,
      note: expect.stringContaining(messages.money.duplicateAfterCancel) as unknown,
    });

    // The new order is the one that is paid; the book is in one paid order.
    const card = await startCard(t, customer.auth, second.id);
    await stripe.completeSession(card.id, { target: toApp(t) });
    const held = await ordersOfProject(book.id);
    expect(held.map((o) => o.status)).toEqual(['canceled', 'paid']);
  });

  it('closes what Stripe did not close at the time at the reconciliation job’s next run', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Retried close' });
    const order = await placeOrder(t, customer.auth, [book.id]);
    const session = await startCard(t, customer.auth, order.id);
    stripe.respondOnce('GET', /^\/v1\/checkout\/sessions\//, {
      status: 503,
      body: { error: { type: 'api_error', message: 'down' } },
    });
    expect((await staffCancel(order.id)).statusCode).toBe(200);
    expect(stripe.session(session.id)?.status).toBe('open');
    // Due at once (not only after RECONCILE_AFTER_MINUTES): its order no longer awaits payment.
    await expect(t.app.payments.reconcileDue(clock.now())).resolves.toMatchObject({ closed: 1 });
    expect(stripe.session(session.id)?.status).toBe('expired');
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['expired']);
  });
  it('closes what PayPal did not answer about at the time at the reconciliation job’s next run', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Retried PayPal close' });
    const order = await placeOrder(t, customer.auth, [book.id]);
    const created = await startPaypal(t, customer.auth, order.id);
    paypal.respondOnce('GET', /^\/v2\/checkout\/orders\//, {
      status: 503,
      body: { name: 'SERVICE_UNAVAILABLE', message: 'down' },
    });
    expect((await staffCancel(order.id)).statusCode).toBe(200);
    // PayPal did not answer: the attempt stays open on our side until it can be asked …
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['created']);
    // … which the job does at once (its order no longer awaits payment), and closes it.
    await expect(t.app.payments.reconcileDue(clock.now())).resolves.toMatchObject({ closed: 1 });
    expect((await paymentsOf(t, order.id)).map((p) => p.status)).toEqual(['expired']);
    await expectNeverCaptured(created.payment_id);
  });
});

describe('canceling an unpaid order closes its open payment attempts in the same step', () => {
  it('staff cancel: the Checkout Session expired at Stripe, the PayPal order closed and never captured', async () => {
    const { id } = await placeOrder(t, customer.auth, [
      (await createPrintBook(t, customer.auth, { title: 'Staff cancel' })).id,
    ]);
    const pp = await startPaypal(t, customer.auth, id);
    const card = await startCard(t, customer.auth, id);
    expect((await staffCancel(id)).statusCode).toBe(200);
    expect(stripe.session(card.id)?.status).toBe('expired');
    expect((await payOnHostedPage(card.url)).status).toBe(409);
    expect((await paymentsOf(t, id)).map((p) => [p.provider, p.status])).toEqual([
      ['paypal', 'expired'],
      ['stripe', 'expired'],
    ]);
    await expectNeverCaptured(pp.payment_id);
  });

  it('the customer deletes the book: its unpaid order’s Checkout Session is expired at Stripe', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Deleted' });
    const order = await placeOrder(t, customer.auth, [book.id]);
    const card = await startCard(t, customer.auth, order.id);
    const res = await request(t, {
      method: 'DELETE',
      url: `/api/book/${book.id}/delete/`,
      headers: customer.auth,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await orderRow(t, order.id)).status).toBe('canceled');
    expect(stripe.session(card.id)?.status).toBe('expired');
    expect((await payOnHostedPage(card.url)).status).toBe(409);
  });

  // (Above, the card checkout's start already closed the PayPal attempt: "no second payment". Here PayPal alone.)
  it.each([
    ['staff cancel the order', (_book: number, order: number) => staffCancel(order)],
    [
      'the customer deletes the book',
      (book: number) =>
        request(t, { method: 'DELETE', url: `/api/book/${book}/delete/`, headers: customer.auth }),
    ],
  ])('%s: its open PayPal order is closed and never captured', async (what, cancel) => {
    const book = await createPrintBook(t, customer.auth, { title: `PayPal: ${what}` });
    const order = await placeOrder(t, customer.auth, [book.id]);
    const created = await startPaypal(t, customer.auth, order.id);
    const res = await cancel(book.id, order.id);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await orderRow(t, order.id)).status).toBe('canceled');
    expect((await paymentsOf(t, order.id)).map((p) => [p.provider, p.status])).toEqual([
      ['paypal', 'expired'],
    ]);
    await expectNeverCaptured(created.payment_id);
  });

  it('the customer edits the book: its unpaid order’s Checkout Session is expired at Stripe', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Edited' });
    const order = await placeOrder(t, customer.auth, [book.id]);
    const card = await startCard(t, customer.auth, order.id);
    const pdf = await uploadPdf(t, customer.auth, 60);
    const res = await uploadBook(t, customer.auth, {
      project_id: book.id,
      title: 'Edited',
      category: 'Print Book',
      language: 'english',
      pdf_upload_id: pdf.id,
      configuration: book.configuration ?? undefined,
      quantity: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(t, order.id)).status).toBe('canceled');
    expect(stripe.session(card.id)?.status).toBe('expired');
  });
});
