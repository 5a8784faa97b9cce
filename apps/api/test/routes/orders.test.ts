/**
 * The order lifecycle on the real app and PostgreSQL (docs/decisions/0020): orders placed through save-shipping,
 * paid as the webhook pays them, then moved by staff through POST api/admin/orders/{id}/status/. Checks the table
 * through the route (every staff move and refusal), the events written with each move, the projects following,
 * one winner when two staff act at once, the mails (received by an SMTP catcher), and what the customer sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { AdminOrderResponse } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { ORDER_STATUSES, canTransition, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { startMailCatcher } from '@bindery/mail-test';
import { DomainError } from '#lib/domain-error.js';
import { systemActor } from '#plugins/app/orders/orders.service.js';
import { anyString, createUser, defined, json, request, setupTestApp } from '../helper.js';
import { orderOneBook, payOrder, recordRefund } from '../orders-fixtures.js';

const mail = await startMailCatcher();
const WEB = 'http://web.test:5173';
const MERCHANT = { name: 'Lakeside Press', address: '12 Harbor Road, Duluth, MN 55802, US' };
const t = setupTestApp({
  env: {
    SMTP_URL: mail.url,
    PUBLIC_WEB_URL: WEB,
    MERCHANT_NAME: MERCHANT.name,
    MERCHANT_ADDRESS: MERCHANT.address,
  },
});
afterAll(() => mail.stop());

type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;
let customer: User;

beforeAll(async () => {
  admin = await createUser(t, { is_admin: true, name: 'Grace Staff' });
  customer = await createUser(t, { name: 'Ada Reader' });
});

const move = (id: number, body: Record<string, unknown>, auth: Record<string, string> = admin.auth) =>
  request(t, { method: 'POST', url: `/api/admin/orders/${id}/status/`, headers: auth, payload: body });
const orderRow = (id: number) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventsOf = (id: number) =>
  t.db.selectFrom('order_events').selectAll().where('order_id', '=', id).orderBy('id').execute();
const projectStatus = async (id: number) =>
  (await t.db.selectFrom('projects').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const label = (s: OrderStatus) => messages.orderStatus[s].toLowerCase();
const SHIP = { status: 'shipped', carrier: 'FedEx', tracking_number: '7700 1234 5678' };

/** An order brought to `status` by the real moves (paid by the payment, the rest by staff). */
async function orderIn(status: OrderStatus) {
  const { order, project } = await orderOneBook(t, customer.auth, `Book for ${status}`);
  const path: Record<OrderStatus, OrderStatus[]> = {
    awaiting_payment: [],
    paid: ['paid'],
    in_production: ['paid', 'in_production'],
    on_hold: ['paid', 'on_hold'],
    shipped: ['paid', 'in_production', 'shipped'],
    delivered: ['paid', 'in_production', 'shipped', 'delivered'],
    canceled: ['canceled'],
  };
  for (const step of path[status]) {
    if (step === 'paid') await payOrder(t, order.id);
    else {
      const body =
        step === 'shipped'
          ? SHIP
          : step === 'on_hold'
            ? { status: step, hold_reason: 'fonts', note: 'Embed the fonts.' }
            : { status: step };
      const res = await move(order.id, body);
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  expect((await orderRow(order.id)).status).toBe(status);
  return { order, project };
}

describe('placing and paying an order', () => {
  it('gives the order a number, the customer’s snapshot, an expiry and its first event', async () => {
    const before = Date.now();
    const { order } = await orderOneBook(t, customer.auth);
    expect(order.order_number).toBe(`BND-${String(order.id).padStart(6, '0')}`);
    expect(order.status).toBe('awaiting_payment');
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ customer_email: customer.user.email, customer_name: 'Ada Reader' });
    const ttl =
      new Date(defined(row.expires_at, 'row.expires_at')).getTime() - new Date(row.created_at).getTime();
    expect(ttl).toBe(24 * 3600_000);
    expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await eventsOf(order.id)).toMatchObject([
      {
        from_status: null,
        to_status: 'awaiting_payment',
        actor_type: 'customer',
        actor_user_id: customer.user.id,
      },
    ]);
    expect(order.timeline).toEqual([{ from: null, status: 'awaiting_payment', at: anyString, note: null }]);
  });

  it('pays through the module: event by the system, projects ordered, the receipt in the mail', async () => {
    const { order, project } = await orderOneBook(t, customer.auth, 'Receipt Book');
    await payOrder(t, order.id);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'paid', payment_method: 'card' });
    expect(row.paid_at).not.toBeNull();
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      from_status: 'awaiting_payment',
      to_status: 'paid',
      actor_type: 'system',
      actor_user_id: null,
      actor_label: messages.orders.systemActor,
    });
    expect(await projectStatus(project.id)).toBe('ordered');
    const receipt = await mail.waitFor({
      to: customer.user.email,
      subject: `${MERCHANT.name} order ${order.order_number}: payment received`,
    });
    expect(receipt.text).toContain(`$${order.total}`);
    expect(receipt.text).toContain('Receipt Book — 1 copy');
    expect(receipt.text).toMatch(/Shipping: \$\d+\.\d\d/);
    // A receipt names who sold (configuration) and carries its number; the mail is signed by the merchant.
    expect(receipt.text).toContain(`Receipt ${order.order_number}`);
    expect(receipt.text).toContain(`Sold by ${MERCHANT.name}, ${MERCHANT.address}`);
    expect(receipt.text).toContain(`The ${MERCHANT.name} team`);
    expect(receipt.html).toContain(`Sold by ${MERCHANT.name}, ${MERCHANT.address}`);
    expect(receipt.links).toContain(`${WEB}/orders/${order.id}`);
    const outbox = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    // The order placed mail with its pay link, then the receipt (ADR 0072).
    expect(outbox.map((o) => o.kind)).toEqual(['order_placed', 'order_paid']);
    await expect
      .poll(
        async () =>
          (
            await t.db
              .selectFrom('mail_outbox')
              .select('status')
              .where('order_id', '=', order.id)
              .executeTakeFirstOrThrow()
          ).status,
      )
      .toBe('sent');
  });
});

describe('POST api/admin/orders/{id}/status/: staff take a paid order to delivered', () => {
  it('moves paid → in production → shipped → delivered, one event per move, the customer told each time', async () => {
    const { order, project } = await orderIn('paid');

    const started = await move(order.id, { status: 'in_production', note: 'Printer 2' });
    expect(started.statusCode, started.body).toBe(200);
    const detail = json(started, AdminOrderResponse).order;
    expect(detail).toMatchObject({
      status: 'in_production',
      next_statuses: ['shipped', 'on_hold', 'canceled'],
    });
    expect(detail.in_production_at).not.toBeNull();
    // A paid order no longer expires: staff are not shown 'Expires if unpaid', nor the customer a pay-by date.
    expect(detail.expires_at).toBeNull();
    const own = await request(t, { method: 'GET', url: `/api/orders/${order.id}/`, headers: customer.auth });
    expect(json(own, OrderResponse).order.expires_at).toBeNull();
    // Staff read each book's print check as it was saved with the book (ADR 0070).
    expect(detail.items[0]?.preflight).toMatchObject({ status: 'ok', trim_size: 'US Trade' });

    const noCarrier = await move(order.id, { status: 'shipped', tracking_number: '123' });
    expect(noCarrier.statusCode).toBe(400);
    expect(noCarrier.data).toMatchObject({
      error: messages.orders.carrierRequired,
      fields: [{ path: 'body.carrier', message: messages.orders.carrierRequired }],
    });
    const noNumber = await move(order.id, { status: 'shipped', carrier: 'FedEx', tracking_number: '  ' });
    expect(noNumber.statusCode).toBe(400);
    expect(json(noNumber, ErrorBody).fields).toEqual([
      { path: 'body.tracking_number', message: messages.orders.trackingNumberRequired },
    ]);
    expect((await orderRow(order.id)).status).toBe('in_production');

    const shipped = await move(order.id, { ...SHIP, note: 'Two boxes', internal: false });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(json(shipped, AdminOrderResponse).order).toMatchObject({
      status: 'shipped',
      carrier: 'FedEx',
      tracking_number: '7700 1234 5678',
      tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=7700%201234%205678',
    });
    const shippedMail = await mail.waitFor({
      to: customer.user.email,
      subject: `${MERCHANT.name} order ${order.order_number} has shipped`,
    });
    expect(shippedMail.text).toContain('FedEx');
    expect(shippedMail.text).toContain('Tracking number: 7700 1234 5678');
    expect(shippedMail.links).toContain('https://www.fedex.com/fedextrack/?trknbr=7700%201234%205678');
    expect(shippedMail.links).toContain(`${WEB}/orders/${order.id}`);

    const delivered = await move(order.id, { status: 'delivered' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(json(delivered, AdminOrderResponse).order.next_statuses).toEqual([]);
    await mail.waitFor({
      to: customer.user.email,
      subject: `${MERCHANT.name} order ${order.order_number} was delivered`,
    });

    const events = await eventsOf(order.id);
    expect(events.map((e) => [e.from_status, e.to_status, e.actor_type])).toEqual([
      [null, 'awaiting_payment', 'customer'],
      ['awaiting_payment', 'paid', 'system'],
      ['paid', 'in_production', 'staff'],
      ['in_production', 'shipped', 'staff'],
      ['shipped', 'delivered', 'staff'],
    ]);
    expect(events[2]).toMatchObject({
      actor_user_id: admin.user.id,
      actor_label: 'Grace Staff',
      note: 'Printer 2',
      internal: true,
    });
    expect(events[3]).toMatchObject({ note: 'Two boxes', internal: false });
    expect(await projectStatus(project.id)).toBe('ordered');

    // The customer sees every step, the tracking link, and only the note staff chose to share.
    const mine = await request(t, { method: 'GET', url: `/api/orders/${order.id}/`, headers: customer.auth });
    const seen = json(mine, OrderResponse).order;
    expect(seen).toMatchObject({ status: 'delivered', carrier: 'FedEx', tracking_number: '7700 1234 5678' });
    expect(seen.tracking_url).toContain('fedex.com');
    expect(seen.timeline.map((e) => [e.status, e.note])).toEqual([
      ['awaiting_payment', null],
      ['paid', null],
      ['in_production', null],
      ['shipped', 'Two boxes'],
      ['delivered', null],
    ]);
    expect(JSON.stringify(mine.data)).not.toContain('Printer 2');
  });

  it.each(
    ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => !canTransition(from, to, 'staff')).map((to) => [from, to] as const),
    ),
  )('refuses %s → %s (not a staff move of the table) and changes nothing', async (from, to) => {
    const { order } = await orderIn(from);
    const before = await eventsOf(order.id);
    const res = await move(order.id, to === 'shipped' ? SHIP : { status: to });
    if (canTransition(from, to)) {
      // In the table, but not staff's to make (only the payment makes an order paid).
      expect(res.statusCode).toBe(403);
      expect(json(res, ErrorBody).error).toBe(messages.orders.notYourMove(order.order_number, label(to)));
    } else {
      expect(res.statusCode).toBe(409);
      expect(json(res, ErrorBody).error).toBe(
        from === to
          ? `Order ${order.order_number} is already ${label(from)}.`
          : `Order ${order.order_number} is ${label(from)}; it cannot become ${label(to)}.`,
      );
    }
    expect((await orderRow(order.id)).status).toBe(from);
    expect(await eventsOf(order.id)).toEqual(before);
  });

  it('gives two staff acting at once one move and one 409, and writes one event', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { order } = await orderIn('paid');
      const [a, b] = await Promise.all([
        move(order.id, { status: 'in_production' }),
        move(order.id, { status: 'in_production' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(
        json(
          defined(
            [a, b].find((r) => r.statusCode === 409),
            'the refused move',
          ),
          ErrorBody,
        ).error,
      ).toBe(`Order ${order.order_number} is already in production.`);
      expect((await eventsOf(order.id)).filter((e) => e.to_status === 'in_production')).toHaveLength(1);
    }
  });

  it('lets concurrent different moves through the module one at a time: one wins, the other is refused', async () => {
    const { order } = await orderIn('in_production');
    await recordRefund(t, order.id, 100);
    const staff = { type: 'staff' as const, userId: admin.user.id, label: 'Grace Staff' };
    const results = await Promise.allSettled([
      t.app.orders.transition(order.id, 'shipped', {
        actor: staff,
        carrier: 'DHL',
        trackingNumber: 'JD0001',
      }),
      t.app.orders.transition(order.id, 'canceled', { actor: staff }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DomainError);
    expect((refused.reason as DomainError).kind).toBe('conflict');
    const final = (await orderRow(order.id)).status;
    expect(['shipped', 'canceled']).toContain(final);
    expect(defined((await eventsOf(order.id)).at(-1), 'the last event').to_status).toBe(final);
  });
});

describe('canceling', () => {
  it('cancels an unpaid order and tells the customer nothing was charged', async () => {
    const { order, project } = await orderIn('awaiting_payment');
    const res = await move(order.id, { status: 'canceled', note: 'Duplicate order', internal: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(order.id)).canceled_at).not.toBeNull();
    expect(await projectStatus(project.id)).toBe('draft');
    const canceled = await mail.waitFor({
      to: customer.user.email,
      subject: `${MERCHANT.name} order ${order.order_number} was canceled`,
    });
    expect(canceled.text).toContain('Duplicate order');
    expect(canceled.text).toContain('Nothing was charged for it.');
  });

  it('cancels a paid order only once its money is back: what is left is refunded first', async () => {
    // This app has no payment keys: the refund of what is left cannot be made (503) and nothing moves. With the
    // providers, the cancel refunds through them (test/routes/refunds.test.ts).
    const { order, project } = await orderIn('paid');
    const refused = await move(order.id, { status: 'canceled' });
    expect(refused.statusCode).toBe(503);
    expect(json(refused, ErrorBody).error).toBe(messages.money.providerUnavailable);
    expect((await orderRow(order.id)).status).toBe('paid');
    const cents = Math.round(Number(order.total) * 100);
    await recordRefund(t, order.id, cents - 1);
    expect((await move(order.id, { status: 'canceled' })).statusCode).toBe(503);
    await recordRefund(t, order.id, 1);
    const done = await move(order.id, { status: 'canceled' });
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done, AdminOrderResponse).order).toMatchObject({
      refunded: order.total,
      refundable: '0.00',
    });
    // A canceled paid order gives its book back: a draft again, which the customer may edit or delete.
    expect(await projectStatus(project.id)).toBe('draft');
    const canceled = await mail.waitFor({
      to: customer.user.email,
      subject: `${MERCHANT.name} order ${order.order_number} was canceled`,
    });
    expect(canceled.text).toContain(`We refunded $${order.total}`);
  });

  it('cancels an order in production only after some refund', async () => {
    const { order } = await orderIn('in_production');
    // Nothing refunded yet: the cancel refunds what is left first, which needs the provider (no keys here: 503).
    const refused = await move(order.id, { status: 'canceled' });
    expect(refused.statusCode).toBe(503);
    expect((await orderRow(order.id)).status).toBe('in_production');
    await recordRefund(t, order.id, 500);
    expect((await move(order.id, { status: 'canceled' })).statusCode).toBe(200);
  });

  it('lets the system cancel an unpaid order (expiry) with a note the customer reads in the timeline and the mail', async () => {
    const { order } = await orderIn('awaiting_payment');
    const note = 'Not paid within 24 hours.';
    await t.app.orders.transition(order.id, 'canceled', { actor: systemActor, note });
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      to_status: 'canceled',
      actor_type: 'system',
      actor_user_id: null,
      note,
      internal: false,
    });
    const seen = json(
      await request(t, { method: 'GET', url: `/api/orders/${order.id}/`, headers: customer.auth }),
      OrderResponse,
    ).order;
    expect(seen.timeline.at(-1)).toMatchObject({ status: 'canceled', note });
    const canceled = await mail.waitFor({
      to: customer.user.email,
      subject: `${MERCHANT.name} order ${order.order_number} was canceled`,
    });
    expect(canceled.text).toContain(note);
    // A staff note stays internal unless shared: not in the customer's mail.
    const other = await orderIn('awaiting_payment');
    expect((await move(other.order.id, { status: 'canceled', note: 'Fraud check failed' })).statusCode).toBe(
      200,
    );
    const quiet = await mail.waitFor({
      to: customer.user.email,
      subject: `${MERCHANT.name} order ${other.order.order_number} was canceled`,
    });
    expect(quiet.text).not.toContain('Fraud check failed');
  });

  it('cancels the unpaid order of a book its customer deletes, with the customer as actor and no mail', async () => {
    const { order, project } = await orderIn('awaiting_payment');
    const res = await request(t, {
      method: 'DELETE',
      url: `/api/book/${project.id}/delete/`,
      headers: customer.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(order.id)).status).toBe('canceled');
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      from_status: 'awaiting_payment',
      to_status: 'canceled',
      actor_type: 'customer',
      actor_user_id: customer.user.id,
      note: messages.orders.canceledBookDeleted,
      internal: false,
    });
    expect(
      (await t.db.selectFrom('mail_outbox').select('kind').where('order_id', '=', order.id).execute()).map(
        (o) => o.kind,
      ),
    ).toEqual(['order_placed']);
  });
});
