/**
 * A hold's higher price difference, collected (docs/decisions/0077), end to end on the real app: an order paid by
 * card against the Stripe fake, held by staff, a longer interior uploaded by the customer; the difference paid
 * through the ordinary payment routes with `purpose: 'difference'` (card and PayPal fakes through the official
 * SDKs), settled by the signed webhook or the capture, invoiced, refunded as a duplicate when paid twice, counted
 * by a full refund; the hold's release waits for it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderResponse } from '@bindery/contracts/admin/orders';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { InvoiceDocument, InvoiceListResponse } from '@bindery/contracts/store/invoices';
import { holdTexts } from '@bindery/contracts/store/order-hold';
import { manualClock } from '#lib/clock.js';
import { defined, json, request } from '../helper.js';
import {
  eventsOf,
  orderRow,
  payByCard,
  payByPaypal,
  paymentsOf,
  refundsOf,
  startCard,
  toApp,
} from '../money-fixtures.js';
import { orderOneBook } from '../orders-fixtures.js';
import { paymentsTestApp, staffAndCustomer, type User } from '../payments-test-app.js';
import { uploadPdf } from '../projects.js';

const clock = manualClock();
const { t, stripe, paypal } = await paymentsTestApp({ clock, env: { PRODUCTION_DELAY_MINUTES: '60' } });

let admin: User;
let customer: User;
let stranger: User;
beforeAll(async () => {
  ({ admin, customer } = await staffAndCustomer(t));
  ({ customer: stranger } = await staffAndCustomer(t));
});

const move = (id: number, body: Record<string, unknown>) =>
  request(t, { method: 'POST', url: `/api/admin/orders/${id}/status/`, headers: admin.auth, payload: body });
const startDifference = (id: number, auth: User = customer, path = 'create-checkout-session/') =>
  request(t, {
    method: 'POST',
    url: `/api/${path}`,
    headers: auth.auth,
    payload: { order_id: id, purpose: 'difference' },
  });
const adminDetail = async (id: number) =>
  json(await request(t, { method: 'GET', url: `/api/admin/orders/${id}/`, headers: admin.auth }), AdminOrderResponse)
    .order;
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The customer's replacement interior of `pages` pages, kept (it passes preflight). */
async function replaceInterior(orderId: number, projectId: number, pages: number) {
  const upload = await uploadPdf(t, customer.auth, pages);
  const replaced = await request(t, {
    method: 'POST',
    url: `/api/orders/${orderId}/replace-file/`,
    headers: customer.auth,
    payload: { project_id: projectId, pdf_upload_id: upload.id },
  });
  expect(replaced.statusCode, replaced.body).toBe(200);
}

/** A paid order, held by staff for fonts after its cancel window; `pages`: a replacement interior's page count. */
async function held(title: string, pages?: number) {
  // Stripe takes a session's expiry relative to its own (real) time: each order starts from now.
  clock.set(new Date());
  const { order, project } = await orderOneBook(t, customer.auth, title);
  await payByCard(t, stripe, customer.auth, order.id);
  const [payment] = await paymentsOf(t, order.id);
  clock.advance(61 * 60_000);
  const res = await move(order.id, { status: 'on_hold', hold_reason: 'fonts', note: 'Fonts are not embedded.' });
  expect(res.statusCode, res.body).toBe(200);
  if (pages !== undefined) await replaceInterior(order.id, project.id, pages);
  const row = await orderRow(t, order.id);
  return {
    order,
    project,
    pi: defined(payment?.charge_ref, 'the PaymentIntent'),
    difference: Number(row.hold_difference_cents ?? 0),
  };
}

describe('paying a hold’s higher difference', () => {
  it('is refused without a higher difference, when not on hold, and for another customer’s order', async () => {
    const { order } = await held('No Difference Book');
    const none = await startDifference(order.id);
    expect(none.statusCode, none.body).toBe(409);
    expect(json(none, ErrorBody).code).toBe('NO_DIFFERENCE_DUE');

    const shorter = await held('Shorter Difference Book', 32);
    expect(shorter.difference).toBeLessThan(0);
    expect(json(await startDifference(shorter.order.id, customer, 'paypal/create-payment/'), ErrorBody).code).toBe(
      'NO_DIFFERENCE_DUE',
    );

    const longer = await held('Foreign Difference Book', 120);
    expect((await startDifference(longer.order.id, stranger)).statusCode).toBe(404);

    clock.set(new Date());
    const { order: plain } = await orderOneBook(t, customer.auth, 'Not Held Book');
    await payByCard(t, stripe, customer.auth, plain.id);
    const notHeld = await startDifference(plain.id);
    expect(notHeld.statusCode, notHeld.body).toBe(409);
    expect(json(notHeld, ErrorBody).code).toBe('ORDER_NOT_ON_HOLD');
    expect((await paymentsOf(t, longer.order.id)).filter((p) => p.purpose === 'difference')).toEqual([]);
  });

  it('charges the stored difference by card; the webhook settles it: still on hold, an event, its own invoice', async () => {
    const { order, difference } = await held('Card Difference Book', 120);
    expect(difference).toBeGreaterThan(0);
    const before = await request(t, { method: 'GET', url: `/api/orders/${order.id}/`, headers: customer.auth });
    expect(json(before, OrderResponse).order.hold).toMatchObject({
      difference_due: (difference / 100).toFixed(2),
      difference_paid: null,
    });

    // Staff are not offered the release while it is unpaid, cannot release, and are told why.
    expect((await adminDetail(order.id)).next_statuses).toEqual(['canceled']);
    const early = await move(order.id, { status: 'paid' });
    expect(early.statusCode, early.body).toBe(409);
    expect(json(early, ErrorBody)).toMatchObject({
      code: 'HOLD_DIFFERENCE_UNPAID',
      error: holdTexts.differenceUnpaid(order.order_number, (difference / 100).toFixed(2)),
    });

    // A body's amount is not the server's business: the request is strict.
    const forged = await request(t, {
      method: 'POST',
      url: '/api/create-checkout-session/',
      headers: customer.auth,
      payload: { order_id: order.id, purpose: 'difference', amount: 1 },
    });
    expect(forged.statusCode).toBe(400);

    const { sessionId } = await payByCard(t, stripe, customer.auth, order.id, { purpose: 'difference' });
    expect(defined(stripe.session(sessionId), 'the session').amount_total).toBe(difference);
    const payments = await paymentsOf(t, order.id);
    expect(payments.map((p) => [p.purpose, p.status, p.duplicate, Number(p.amount_cents)])).toEqual([
      ['order', 'completed', false, cents(order.total)],
      ['difference', 'completed', false, difference],
    ]);
    const row = await orderRow(t, order.id);
    expect(row.status).toBe('on_hold');
    expect(Number(row.hold_difference_paid_cents)).toBe(difference);
    expect((await adminDetail(order.id)).next_statuses.toSorted()).toEqual(['canceled', 'paid']);
    expect((await eventsOf(t, order.id)).at(-1)).toMatchObject({
      from_status: 'on_hold',
      to_status: 'on_hold',
      note: holdTexts.differencePaid((difference / 100).toFixed(2), 'card'),
      internal: false,
    });

    const list = json(
      await request(t, { method: 'GET', url: `/api/orders/${order.id}/invoices/`, headers: customer.auth }),
      InvoiceListResponse,
    ).documents;
    expect(list.map((d) => d.kind)).toEqual(['invoice', 'adjustment']);
    const [invoice, adjustment] = list;
    const numberOf = (n: string | undefined) => Number(defined(n, 'a number').split('-')[2]);
    expect(numberOf(adjustment?.number)).toBeGreaterThan(numberOf(invoice?.number));
    expect(adjustment).toMatchObject({ total: (difference / 100).toFixed(2), invoice_number: invoice?.number });
    const stored = await t.db
      .selectFrom('invoices')
      .select('document')
      .where('kind', '=', 'adjustment')
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const document = InvoiceDocument.parse(stored.document);
    expect(document.lines.map((l) => l.title)).toEqual([
      holdTexts.differenceLine(holdTexts.differenceWhat('Card Difference Book', 40, 120)),
    ]);
    expect(cents(document.subtotal) + cents(document.tax.amount)).toBe(difference);

    const mine = json(
      await request(t, { method: 'GET', url: `/api/orders/${order.id}/`, headers: customer.auth }),
      OrderResponse,
    ).order;
    expect(mine.hold).toMatchObject({ difference_due: null, difference_paid: (difference / 100).toFixed(2) });
    // Paid: nothing more to pay, and staff release the hold.
    expect(json(await startDifference(order.id), ErrorBody).code).toBe('NO_DIFFERENCE_DUE');
    const released = await move(order.id, { status: 'paid' });
    expect(released.statusCode, released.body).toBe(200);
    expect((await orderRow(t, order.id)).payment_method).toBe('card');
  });

  it('collects a second hold’s difference with PayPal, captured on the return, and invoices it', async () => {
    const { order, project } = await held('PayPal Difference Book', 120);
    await payByCard(t, stripe, customer.auth, order.id, { purpose: 'difference' });
    expect((await move(order.id, { status: 'paid' })).statusCode).toBe(200);
    // Held again; a still longer interior costs more again: this hold's difference alone is due.
    expect((await move(order.id, { status: 'on_hold', hold_reason: 'other', note: 'Again.' })).statusCode).toBe(200);
    await replaceInterior(order.id, project.id, 200);
    const second = Number((await orderRow(t, order.id)).hold_difference_cents);
    expect(second).toBeGreaterThan(0);
    await payByPaypal(t, paypal, customer.auth, order.id, { purpose: 'difference' });
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: 'on_hold', payment_method: 'card' });
    expect(Number(row.hold_difference_paid_cents)).toBe(second);
    const adjustments = await t.db
      .selectFrom('invoices')
      .select(['total_cents', 'document'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'adjustment')
      .orderBy('id')
      .execute();
    expect(adjustments.map((a) => Number(a.total_cents)).at(-1)).toBe(second);
    expect(InvoiceDocument.parse(adjustments.at(-1)?.document).payment.method).toBe('paypal');
    expect((await move(order.id, { status: 'paid' })).statusCode).toBe(200);
  });

  it('refunds a second payment of the same difference as a duplicate, once', async () => {
    const { order, difference } = await held('Twice Difference Book', 120);
    const card = await startCard(t, customer.auth, order.id, { purpose: 'difference' });
    // Paid by card in one tab (its webhook is late) while PayPal paid it in another (the race that slips through).
    stripe.dropWebhooks();
    const late = await stripe.completeSession(card.id, { target: toApp(t) });
    const setCard = (status: 'created' | 'expired') =>
      t.db.updateTable('payments').set({ status }).where('provider_ref', '=', card.id).execute();
    await setCard('expired');
    await payByPaypal(t, paypal, customer.auth, order.id, { purpose: 'difference' });
    await setCard('created');
    expect(Number((await orderRow(t, order.id)).hold_difference_paid_cents)).toBe(difference);

    expect((await stripe.deliver(late.event, { target: toApp(t) })).status).toBe(200);
    const pi = defined(defined(stripe.session(card.id), 'the session').payment_intent, 'its PaymentIntent');
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([difference]);
    const payments = await paymentsOf(t, order.id);
    expect(payments.map((p) => [p.purpose, p.provider, p.duplicate])).toEqual([
      ['order', 'stripe', false],
      ['difference', 'stripe', true],
      ['difference', 'paypal', false],
    ]);
    expect((await refundsOf(t, order.id)).map((r) => r.reason)).toEqual([messages.money.duplicatePaidTwice]);
    const row = await orderRow(t, order.id);
    expect(row).toMatchObject({ status: 'on_hold' });
    expect(Number(row.hold_difference_paid_cents)).toBe(difference);
    // One adjustment invoice: the duplicate was never invoiced.
    const adjustments = await t.db
      .selectFrom('invoices')
      .select('id')
      .where('order_id', '=', order.id)
      .where('kind', '=', 'adjustment')
      .execute();
    expect(adjustments).toHaveLength(1);

    await stripe.deliver(late.event, { target: toApp(t) });
    expect(stripe.refunds(pi)).toHaveLength(1);
  });

  it('refunds the original payment and the difference when staff cancel the held order', async () => {
    const { order, pi, difference } = await held('Cancel Difference Book', 120);
    const { sessionId } = await payByCard(t, stripe, customer.auth, order.id, { purpose: 'difference' });
    const differencePi = defined(stripe.session(sessionId)?.payment_intent, 'the difference’s PaymentIntent');
    const res = await move(order.id, { status: 'canceled', note: 'The customer gave up' });
    expect(res.statusCode, res.body).toBe(200);
    const total = cents(order.total);
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([total]);
    expect(stripe.refunds(differencePi).map((r) => r.amount)).toEqual([difference]);
    expect(await adminDetail(order.id)).toMatchObject({
      status: 'canceled',
      refunded: ((total + difference) / 100).toFixed(2),
      refundable: '0.00',
    });
  });
});
