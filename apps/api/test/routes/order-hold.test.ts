/**
 * On hold for a file problem and the cancel window (docs/decisions/0072), end to end on the real app: orders
 * through save-shipping, paid by card against the Stripe fake (refunds go back through it), staff moves through
 * POST api/admin/orders/{id}/status/, the customer's replace-file, cancel and address routes, the reminder job,
 * and the mails as the catcher receives them. A 60-minute production delay on a manual clock.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrderResponse } from '@bindery/contracts/admin/orders';
import { ErrorBody } from '@bindery/contracts/common';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { holdReasonTexts, holdTexts } from '@bindery/contracts/store/order-hold';
import { manualClock } from '#lib/clock.js';
import { defined, json, request } from '../helper.js';
import { eventsOf, orderRow, payByCard } from '../money-fixtures.js';
import { ADDRESS, orderOneBook } from '../orders-fixtures.js';
import { paymentsTestApp, staffAndCustomer, type User } from '../payments-test-app.js';
import { uploadPdf } from '../projects.js';

const clock = manualClock();
const { t, stripe, mail } = await paymentsTestApp({
  mail: true,
  clock,
  env: { PRODUCTION_DELAY_MINUTES: '60', HOLD_REMINDER_HOURS: '48', MERCHANT_NAME: 'Lakeside Press' },
});

let admin: User;
let customer: User;
let stranger: User;
beforeAll(async () => {
  ({ admin, customer } = await staffAndCustomer(t));
  ({ customer: stranger } = await staffAndCustomer(t));
});

const HOUR = 3600_000;
const move = (id: number, body: Record<string, unknown>) =>
  request(t, { method: 'POST', url: `/api/admin/orders/${id}/status/`, headers: admin.auth, payload: body });
const mine = (
  id: number,
  path: string,
  opts: { method?: 'POST' | 'PUT'; payload?: Record<string, unknown>; auth?: User } = {},
) =>
  request(t, {
    method: opts.method ?? 'POST',
    url: `/api/orders/${id}/${path}`,
    headers: (opts.auth ?? customer).auth,
    ...(opts.payload === undefined ? {} : { payload: opts.payload }),
  });
const customerOrder = async (id: number) =>
  json(await request(t, { method: 'GET', url: `/api/orders/${id}/`, headers: customer.auth }), OrderResponse)
    .order;
const HOLD = {
  status: 'on_hold',
  hold_reason: 'fonts',
  note: 'Two fonts on pages 3 and 9 are not embedded.',
};

/** An order paid by card, its total in cents and its PaymentIntent. */
async function paid(title: string, pages = 40) {
  const { order, project } = await orderOneBook(t, customer.auth, title);
  await payByCard(t, stripe, customer.auth, order.id);
  const [payment] = await t.db.selectFrom('payments').selectAll().where('order_id', '=', order.id).execute();
  return { order, project, pages, pi: defined(payment?.charge_ref, 'the PaymentIntent') };
}

/** A paid order past its cancel window, held by staff for fonts. */
async function held(title: string, from: 'paid' | 'in_production' = 'paid') {
  const made = await paid(title);
  clock.advance(61 * 60_000);
  if (from === 'in_production')
    expect((await move(made.order.id, { status: 'in_production' })).statusCode).toBe(200);
  const res = await move(made.order.id, HOLD);
  expect(res.statusCode, res.body).toBe(200);
  return made;
}

describe('mails that keep the promises', () => {
  it('mails the placed order with a pay link, in plain text and HTML, signed by the merchant', async () => {
    const { order } = await orderOneBook(t, customer.auth, 'Placed Book');
    const placed = await mail.waitFor({ to: customer.user.email, subject: /waiting for your payment/ });
    expect(placed.subject).toBe(`Lakeside Press order ${order.order_number}: waiting for your payment`);
    expect(placed.text).toContain(`$${order.total}`);
    expect(placed.text).toContain('The Lakeside Press team');
    expect(placed.links).toContain(`http://web.test:5173/payment?order=${order.id}`);
    expect(placed.html).toContain('Pay now');
  });
});

describe('the cancel window (production delay)', () => {
  it('refuses Start production until the delay has passed, tells staff when, then mails the customer', async () => {
    const { order } = await paid('Window Book');
    const row = await orderRow(t, order.id);
    const allowedAt = new Date(new Date(defined(row.paid_at, 'paid_at')).getTime() + HOUR).toISOString();
    const detail = json(
      await request(t, { method: 'GET', url: `/api/admin/orders/${order.id}/`, headers: admin.auth }),
      AdminOrderResponse,
    ).order;
    expect(detail.production_allowed_at).toBe(allowedAt);
    expect((await customerOrder(order.id)).cancelable_until).toBe(allowedAt);

    const early = await move(order.id, { status: 'in_production' });
    expect(early.statusCode, early.body).toBe(409);
    expect(json(early, ErrorBody)).toMatchObject({ code: 'PRODUCTION_DELAY' });
    expect((await orderRow(t, order.id)).status).toBe('paid');

    clock.advance(HOUR);
    const started = await move(order.id, { status: 'in_production' });
    expect(started.statusCode, started.body).toBe(200);
    const printing = await mail.waitFor({ to: customer.user.email, subject: /is being printed/ });
    expect(printing.text).toContain('being printed now');
    expect((await customerOrder(order.id)).cancelable_until).toBeNull();
  });

  it('lets the customer cancel within the window, refunded in full through the provider; not after it', async () => {
    const { order, pi } = await paid('Cancel Book');
    expect((await mine(order.id, 'cancel/', { auth: stranger })).statusCode).toBe(404);
    const res = await mine(order.id, 'cancel/');
    expect(res.statusCode, res.body).toBe(200);
    const after = json(res, OrderResponse).order;
    expect(after).toMatchObject({ status: 'canceled', refunded: order.total });
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([Math.round(Number(order.total) * 100)]);
    expect(after.timeline.at(-1)).toMatchObject({ status: 'canceled', note: holdTexts.canceledByCustomer });

    const late = await paid('Late Cancel Book');
    clock.advance(HOUR);
    const refused = await mine(late.order.id, 'cancel/');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused, ErrorBody).code).toBe('ORDER_CANCEL_WINDOW_CLOSED');
    expect(stripe.refunds(late.pi)).toEqual([]);
    expect((await orderRow(t, late.order.id)).status).toBe('paid');
  });

  it('lets the customer change the street within the window, never the state, never after it', async () => {
    const { order } = await paid('Address Book');
    const street = { ...ADDRESS, address: '200 Lavaca St', postal_code: '78701' };
    const res = await mine(order.id, 'address/', { method: 'PUT', payload: { address: street } });
    expect(res.statusCode, res.body).toBe(200);
    const changed = json(res, OrderResponse).order;
    expect(changed.address.address).toBe('200 Lavaca St');
    expect(changed.timeline.at(-1)).toMatchObject({ status: 'paid', note: holdTexts.addressChanged });

    const otherState = { ...ADDRESS, state: 'CA', city: 'Oakland', postal_code: '94607' };
    const moved = await mine(order.id, 'address/', { method: 'PUT', payload: { address: otherState } });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(json(moved, ErrorBody).code).toBe('ADDRESS_OTHER_STATE');

    clock.advance(HOUR);
    const late = await mine(order.id, 'address/', { method: 'PUT', payload: { address: ADDRESS } });
    expect(late.statusCode, late.body).toBe(409);
    expect((await customerOrder(order.id)).address.address).toBe('200 Lavaca St');
  });
});

describe('on hold for a file problem', () => {
  it('needs a reason and a message; the customer reads both and what to do, by mail and on the order', async () => {
    const { order } = await paid('Held Book');
    clock.advance(61 * 60_000);
    const noReason = await move(order.id, { status: 'on_hold', note: 'Fonts' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason, ErrorBody).fields?.[0]?.path).toBe('body.hold_reason');
    const noMessage = await move(order.id, { status: 'on_hold', hold_reason: 'fonts' });
    expect(noMessage.statusCode).toBe(400);
    expect(json(noMessage, ErrorBody).fields?.[0]?.path).toBe('body.note');

    const res = await move(order.id, HOLD);
    expect(res.statusCode, res.body).toBe(200);
    const detail = json(res, AdminOrderResponse).order;
    expect(detail).toMatchObject({ status: 'on_hold', next_statuses: ['paid', 'canceled'] });
    expect(detail.hold).toMatchObject({ reason: 'fonts', held_from: 'paid', message: HOLD.note });
    expect(detail.on_hold_at).not.toBeNull();

    const mine_ = await customerOrder(order.id);
    expect(mine_.hold).toMatchObject({
      reason_label: 'Fonts',
      todo: holdReasonTexts.fonts.todo,
      message: HOLD.note,
    });
    expect(mine_.timeline.at(-1)?.note).toContain(HOLD.note);
    const held = await mail.waitFor({ to: customer.user.email, subject: /is on hold/ });
    expect(held.text).toContain(HOLD.note);
    expect(held.text).toContain(holdReasonTexts.fonts.todo);
    expect(held.text).toContain('The Lakeside Press team');
  });

  it('releases only back to where the order was held from, keeping its payment date, and says so', async () => {
    const { order } = await held('Release Book');
    const before = await orderRow(t, order.id);
    const wrong = await move(order.id, { status: 'in_production' });
    expect(wrong.statusCode, wrong.body).toBe(409);
    const res = await move(order.id, { status: 'paid' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await orderRow(t, order.id);
    expect(after.status).toBe('paid');
    expect(after.paid_at).toEqual(before.paid_at);
    await mail.waitFor({ to: customer.user.email, subject: /is back in production/ });
    expect((await eventsOf(t, order.id)).slice(-2).map((e) => [e.from_status, e.to_status])).toEqual([
      ['paid', 'on_hold'],
      ['on_hold', 'paid'],
    ]);
  });

  it('takes a replacement interior only when it passes preflight, and shows a higher price as the difference', async () => {
    const { order, project } = await held('Replace Book', 'in_production');
    const before = await t.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();

    const wrongSize = await uploadPdf(t, customer.auth, 40, 'interior', [300, 300]);
    const refused = await mine(order.id, 'replace-file/', {
      payload: { project_id: project.id, pdf_upload_id: wrongSize.id },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(json(refused, ErrorBody).code).toBe('PREFLIGHT_FAILED');
    const unchanged = await t.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.pdf_upload_id).toBe(before.pdf_upload_id);

    const longer = await uploadPdf(t, customer.auth, 120);
    // Another customer's order is not found; a book that is not in the order is refused by name.
    const foreign = await mine(order.id, 'replace-file/', {
      payload: { project_id: project.id, pdf_upload_id: longer.id },
      auth: stranger,
    });
    expect(foreign.statusCode).toBe(404);
    const otherBook = await mine(order.id, 'replace-file/', {
      payload: { project_id: project.id + 100_000, pdf_upload_id: longer.id },
    });
    expect(otherBook.statusCode).toBe(400);
    expect(json(otherBook, ErrorBody).fields?.[0]?.path).toBe('body.project_id');
    const res = await mine(order.id, 'replace-file/', {
      payload: { project_id: project.id, pdf_upload_id: longer.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = json(res, OrderResponse).order;
    expect(after.status).toBe('on_hold');
    expect(Number(defined(after.hold?.price_difference, 'the difference'))).toBeGreaterThan(0);
    expect(after.timeline.at(-1)?.note).toContain('passed preflight (120 pages)');
    const saved = await t.db
      .selectFrom('projects')
      .selectAll()
      .where('id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ pdf_upload_id: longer.id, page_count: 120 });

    // Not released while the difference is unpaid (ADR 0077); paid, it is: the hold is over, the order goes on.
    const unpaid = await move(order.id, { status: 'in_production' });
    expect(json(unpaid, ErrorBody).code).toBe('HOLD_DIFFERENCE_UNPAID');
    await payByCard(t, stripe, customer.auth, order.id, { purpose: 'difference' });
    expect((await move(order.id, { status: 'in_production' })).statusCode).toBe(200);
    const notHeld = await mine(order.id, 'replace-file/', {
      payload: { project_id: project.id, pdf_upload_id: longer.id },
    });
    expect(notHeld.statusCode).toBe(409);
    expect(json(notHeld, ErrorBody).code).toBe('ORDER_NOT_ON_HOLD');
  });

  it('refunds a lower price of a shorter replacement at once, through the provider', async () => {
    const { order, project, pi } = await held('Shorter Book');
    const shorter = await uploadPdf(t, customer.auth, 32);
    const res = await mine(order.id, 'replace-file/', {
      payload: { project_id: project.id, pdf_upload_id: shorter.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await customerOrder(order.id);
    const difference = -Number(defined(after.hold?.price_difference, 'the difference'));
    expect(difference).toBeGreaterThan(0);
    expect(after.refunded).toBe(difference.toFixed(2));
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([Math.round(difference * 100)]);
    expect(after.status).toBe('on_hold');
  });

  it('cancels a held order with a full refund', async () => {
    const { order, pi } = await held('Cancel Held Book');
    const res = await move(order.id, { status: 'canceled', note: 'The customer gave up' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res, AdminOrderResponse).order).toMatchObject({ status: 'canceled', refundable: '0.00' });
    expect(stripe.refunds(pi).map((r) => r.amount)).toEqual([Math.round(Number(order.total) * 100)]);
  });

  it('reminds the customer once after the reminder time, then staff after twice it', async () => {
    const { order } = await held('Reminder Book');
    const reminders = async () =>
      (await eventsOf(t, order.id))
        .filter((e) => e.note === holdTexts.reminder || e.note === holdTexts.staffReminder)
        .map((e) => [e.note, e.internal]);
    await t.app.orders.remindHeld(clock.now());
    expect(await reminders()).toEqual([]);
    clock.advance(49 * HOUR);
    await t.app.orders.remindHeld(clock.now());
    await t.app.orders.remindHeld(clock.now());
    expect(await reminders()).toEqual([[holdTexts.reminder, false]]);
    await mail.waitFor({ to: customer.user.email, subject: /^Reminder: .* is on hold/ });
    clock.advance(48 * HOUR);
    await t.app.orders.remindHeld(clock.now());
    expect(await reminders()).toEqual([
      [holdTexts.reminder, false],
      [holdTexts.staffReminder, true],
    ]);
  });
});
