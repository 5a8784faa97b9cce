/**
 * The first-print discount end to end on the real app and PostgreSQL (docs/decisions/0033): a
 * customer's first order gets 10 % off its books, a second does not, two first orders placed at once get one
 * discount (the user lock, and the partial unique index for any other writer), an order canceled unpaid gives the
 * right back, a paid one does not; staff switch it off or change the rate in the admin (new orders only); the
 * provider is asked for exactly the order's total with the discount as its own line (fake Stripe's coupon, fake
 * PayPal's breakdown.discount); the receipt shows it. Expected figures are computed by hand, not by the code
 * under test.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FirstPrintDiscountSetting } from '@bindery/contracts/admin/promotions';
import { ErrorBody } from '@bindery/contracts/common';
import { PublicConfigResponse } from '@bindery/contracts/store/config';
import { OrderResponse, ShippingRateResponse, type Order } from '@bindery/contracts/store/checkout';
import {
  CreateCheckoutSessionResponse,
  PaypalCreatePaymentResponse,
} from '@bindery/contracts/store/payments';
import type { WebhookTarget } from '@bindery/payment-fakes/stripe';
import { parseCents, roundDiv } from '@bindery/pricing/money';
import { insertProject, printBookConfiguration } from '../checkout-fixtures.js';
import { createUser, defined, request, setupTestApp } from '../helper.js';
import { ADDRESS } from '../orders-fixtures.js';
import { startPaymentFakes } from '../payment-fakes.js';

const { stripe, paypal, mail, env: fakesEnv } = await startPaymentFakes({ mail: true });

const t = setupTestApp({
  env: { PUBLIC_WEB_URL: 'http://web.test', ...fakesEnv },
});

beforeEach(() => {
  stripe.clear();
  paypal.clear();
});

type User = Awaited<ReturnType<typeof createUser>>;
const SERVICES = ['FEDEX_GROUND', 'FEDEX_2_DAY', 'FEDEX_STANDARD_OVERNIGHT'];
const texasTax = (cents: number) => roundDiv(cents * 825, 10_000);
const cents = (s: string) => parseCents(s);

let admin: User;
let printBook: Record<string, number>;
beforeAll(async () => {
  admin = await createUser(t, { is_admin: true });
  printBook = await printBookConfiguration(t.db);
});

/** A customer with one print book project (200 pages × 10 = $98.10). */
async function customer(): Promise<{ user: User; projectId: number }> {
  const user = await createUser(t);
  return { user, projectId: await anotherBook(user) };
}
/** Another book of the customer's, the same as the first (an unpaid order's books are in no other, ADR 0051). */
const anotherBook = (user: User) =>
  insertProject(t.db, user.user.id, { quantity: 10, configuration: printBook });

const rate = (user: User, projectId: number) =>
  request(t, {
    method: 'POST',
    url: '/api/shipping-rate/',
    headers: user.auth,
    payload: { country: 'US', state: 'TX', city: 'Austin', postal_code: '78701', project_ids: [projectId] },
  });
async function place(user: User, projectId: number, service = 'FEDEX_GROUND'): Promise<Order> {
  const res = await request(t, {
    method: 'POST',
    url: '/api/save-shipping/',
    headers: user.auth,
    payload: { user_address: ADDRESS, project_ids: [projectId], selected_service: service },
  });
  expect(res.statusCode).toBe(201);
  return OrderResponse.parse(res.data).order;
}
const setDiscount = (body: Record<string, unknown>, user: User = admin) =>
  request(t, { method: 'PUT', url: '/api/admin/first-print-discount/', headers: user.auth, payload: body });
const cancelByStaff = (orderId: number) =>
  request(t, {
    method: 'POST',
    url: `/api/admin/orders/${orderId}/status/`,
    headers: admin.auth,
    payload: { status: 'canceled', note: 'Customer asked' },
  });

/** The order's amounts add up with the discount taken off the books and tax on what is charged. */
function expectCharged(order: Order, discountCents: number) {
  expect(cents(order.discount)).toBe(discountCents);
  const taxable = cents(order.subtotal) - discountCents + cents(order.shipping);
  expect(cents(order.tax)).toBe(texasTax(taxable));
  expect(cents(order.total)).toBe(taxable + cents(order.tax));
}

const toApp: WebhookTarget = async ({ body, headers }) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook/', payload: body, headers });
  return { status: res.statusCode, body: res.body };
};

async function payByCard(user: User, orderId: number) {
  const res = await request(t, {
    method: 'POST',
    url: '/api/create-checkout-session/',
    headers: user.auth,
    payload: { order_id: orderId },
  });
  expect(res.statusCode).toBe(200);
  const session = CreateCheckoutSessionResponse.parse(res.data);
  return session;
}

describe('the first-print discount on orders', () => {
  it('takes 10 % off the first order’s books (quoted, then written), not off the second', async () => {
    const { user, projectId } = await customer();
    const quoted = ShippingRateResponse.parse((await rate(user, projectId)).data);
    expect(quoted).toMatchObject({
      subtotal: '98.10',
      discount: '9.81',
      discount_label: 'First-print discount (10%)',
    });
    const ground = defined(
      quoted.available_services.find((s) => s.service_code === 'FEDEX_GROUND'),
      'FedEx Ground in the quote',
    );
    const first = await place(user, projectId);
    expectCharged(first, 981);
    expect(first.total).toBe(ground.total);

    const other = await anotherBook(user);
    const again = ShippingRateResponse.parse((await rate(user, other)).data);
    expect(again.discount).toBe('0.00');
    expect(again.discount_label).toBeUndefined();
    const second = await place(user, other, 'FEDEX_2_DAY');
    expectCharged(second, 0);

    // The same book again with another service replaces the first order (ADR 0051), which gives its discount
    // back: quoted and written alike.
    const requoted = ShippingRateResponse.parse((await rate(user, projectId)).data);
    expect(requoted.discount).toBe('9.81');
    const replaced = await place(user, projectId, 'FEDEX_STANDARD_OVERNIGHT');
    expectCharged(replaced, 981);
    expect(replaced.total).toBe(
      requoted.available_services.find((s) => s.service_code === 'FEDEX_STANDARD_OVERNIGHT')?.total,
    );
  });

  it('gives one discount to two first orders placed at the same moment', async () => {
    const { user, projectId } = await customer();
    const books = [projectId, await anotherBook(user), await anotherBook(user)];
    const orders = await Promise.all(SERVICES.map((s, i) => place(user, defined(books[i], 'a book'), s)));
    expect(new Set(orders.map((o) => o.id)).size).toBe(3);
    expect(orders.map((o) => o.discount).sort()).toEqual(['0.00', '0.00', '9.81']);
    for (const o of orders) expectCharged(o, cents(o.discount));
  });

  it('refuses a second holder in the database itself, whoever writes it (partial unique index)', async () => {
    const { user, projectId } = await customer();
    const first = await place(user, projectId);
    expect(first.discount).toBe('9.81');
    const row = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    // A copy of the held order written by hand (a script, another code path): the database refuses it.
    await expect(
      t.db
        .insertInto('orders')
        .values({
          user_id: row.user_id,
          subtotal_cents: Number(row.subtotal_cents),
          discount_cents: Number(row.discount_cents),
          shipping_cents: Number(row.shipping_cents),
          tax_cents: Number(row.tax_cents),
          total_cents: Number(row.total_cents),
          tax_rate_bp: row.tax_rate_bp,
          tax_reason: row.tax_reason,
          shipping_service: JSON.stringify(row.shipping_service),
          address: JSON.stringify(row.address),
          weight_grams: row.weight_grams,
        })
        .execute(),
    ).rejects.toThrow(/orders_first_print_discount_key/);
  });

  it('gives the right back when the discounted order is canceled unpaid; a paid one uses it for good', async () => {
    const { user, projectId } = await customer();
    const first = await place(user, projectId);
    expect(first.discount).toBe('9.81');
    expect((await cancelByStaff(first.id)).statusCode).toBe(200);
    const retried = await place(user, projectId, 'FEDEX_2_DAY');
    expectCharged(retried, 981);

    // Paid: the customer's next orders pay full price, even if the paid one is later canceled and refunded.
    const session = await payByCard(user, retried.id);
    await stripe.completeSession(session.id, { target: toApp });
    const paid = await t.db
      .selectFrom('orders')
      .select(['status'])
      .where('id', '=', retried.id)
      .executeTakeFirstOrThrow();
    expect(paid.status).toBe('paid');
    const next = await place(user, await anotherBook(user), 'FEDEX_STANDARD_OVERNIGHT');
    expectCharged(next, 0);
  });
});

describe('the provider is asked for the order’s total, with the discount as its own line', () => {
  it('Stripe: a one-use coupon for the discount; the session’s amount is the order’s total', async () => {
    const { user, projectId } = await customer();
    const order = await place(user, projectId);
    const session = await payByCard(user, order.id);
    const lines = stripe.lineItems(session.id);
    expect(lines[0]).toMatchObject({ name: 'My Book — 10 copies', amount_total: 9810 });
    const coupon = stripe.coupons().at(-1);
    expect(stripe.received('coupon.create')).toHaveLength(1);
    expect(coupon).toMatchObject({
      amount_off: 981,
      currency: 'usd',
      max_redemptions: 1,
      name: 'First-print discount',
    });
    expect(stripe.session(session.id)).toMatchObject({
      amount_subtotal: lines.reduce((s, l) => s + l.amount_total, 0),
      amount_total: cents(order.total),
      total_details: { amount_discount: 981 },
      discounts: [{ coupon: defined(coupon, 'the coupon').id }],
    });

    // Paid in full: the webhook's amount equals the order's total, and the receipt shows the discount line.
    await stripe.completeSession(session.id, { target: toApp });
    const message = await mail.waitFor({ to: user.user.email, subject: /payment received/ });
    expect(message.text).toContain('My Book — 10 copies: $98.10');
    expect(message.text).toContain('Subtotal: $98.10');
    expect(message.text).toContain('First-print discount: −$9.81');
    expect(message.text).toContain(`Total: $${order.total}`);
  });

  it('Stripe: no coupon for an order without the discount', async () => {
    const { user, projectId } = await customer();
    await place(user, projectId);
    const second = await place(user, await anotherBook(user), 'FEDEX_2_DAY');
    const session = await payByCard(user, second.id);
    expect(stripe.received('coupon.create')).toHaveLength(0);
    expect(stripe.session(session.id)).toMatchObject({ amount_total: cents(second.total), discounts: [] });
  });

  it('PayPal: breakdown.discount, and the amount is the order’s total', async () => {
    const { user, projectId } = await customer();
    const order = await place(user, projectId);
    const res = await request(t, {
      method: 'POST',
      url: '/api/paypal/create-payment/',
      headers: user.auth,
      payload: { order_id: order.id },
    });
    expect(res.statusCode).toBe(200);
    PaypalCreatePaymentResponse.parse(res.data);
    const [sent] = paypal.apiRequests('POST', '/v2/checkout/orders');
    const usd = (value: string) => ({ currency_code: 'USD', value });
    expect(defined(sent, 'the PayPal order request').body).toMatchObject({
      purchase_units: [
        {
          amount: {
            ...usd(order.total),
            breakdown: {
              item_total: usd('98.10'),
              discount: usd('9.81'),
              shipping: usd(order.shipping),
              tax_total: usd(order.tax),
            },
          },
        },
      ],
    });
  });
});

describe('staff set the discount: api/admin/first-print-discount/', () => {
  it('is for admins only and checks the body', async () => {
    const { user } = await customer();
    const anonymous = await request(t, { method: 'GET', url: '/api/admin/first-print-discount/' });
    expect(anonymous.statusCode).toBe(401);
    expect((await setDiscount({ enabled: false, percent: 10 }, user)).statusCode).toBe(403);
    for (const bad of [
      { enabled: true, percent: 0 },
      { enabled: true, percent: 51 },
      { enabled: true, percent: 10.5 },
      { percent: 10 },
      { enabled: true, percent: 10, extra: 1 },
    ]) {
      const res = await setDiscount(bad);
      expect(res.statusCode).toBe(400);
      ErrorBody.parse(res.data);
    }
    const shown = await request(t, {
      method: 'GET',
      url: '/api/admin/first-print-discount/',
      headers: admin.auth,
    });
    expect(FirstPrintDiscountSetting.parse(shown.data)).toMatchObject({
      enabled: true,
      percent: 10,
      text: '10% off first print',
    });
  });

  it('off: no discount on a first order, no promise in the config; a new rate applies to new orders only', async () => {
    const { user: early, projectId: earlyProject } = await customer();
    const kept = await place(early, earlyProject);
    expect(kept.discount).toBe('9.81');
    try {
      const off = await setDiscount({ enabled: false, percent: 10 });
      expect(off.statusCode).toBe(200);
      expect(FirstPrintDiscountSetting.parse(off.data)).toMatchObject({ enabled: false, percent: 10 });
      const config = PublicConfigResponse.parse(
        (await request(t, { method: 'GET', url: '/api/config' })).data,
      );
      expect(config.first_print_discount).toMatchObject({ enabled: false });

      const { user, projectId } = await customer();
      expect(ShippingRateResponse.parse((await rate(user, projectId)).data).discount).toBe('0.00');
      expectCharged(await place(user, projectId), 0);

      const fifteen = await setDiscount({ enabled: true, percent: 15 });
      expect(fifteen.data).toMatchObject({
        enabled: true,
        percent: 15,
        rate_basis_points: 1500,
        text: '15% off first print',
      });
      const promise = PublicConfigResponse.parse(
        (await request(t, { method: 'GET', url: '/api/config' })).data,
      );
      expect(promise.first_print_discount).toEqual({
        enabled: true,
        rate_basis_points: 1500,
        text: '15% off first print',
      });
      const { user: later, projectId: laterProject } = await customer();
      // 15 % of $98.10 = $14.715 → $14.72 (half-up).
      expectCharged(await place(later, laterProject), 1472);

      // The order written before the changes keeps its amounts.
      const { order } = OrderResponse.parse(
        (await request(t, { method: 'GET', url: `/api/orders/${kept.id}/`, headers: early.auth })).data,
      );
      expect(order).toMatchObject({ discount: kept.discount, total: kept.total });
    } finally {
      await setDiscount({ enabled: true, percent: 10 });
    }
  });
});
