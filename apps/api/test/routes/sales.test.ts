/**
 * GET api/admin/sales/ (docs/decisions/0022): money paid, refunded and outstanding per UTC day and per method, the
 * totals, and the period's payments as a keyset page. Orders are placed and paid the real way (payment fakes) on
 * days the test chooses with its clock.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_CSV_COLUMNS, ORDERS_CSV_COLUMNS, SalesReportResponse } from '@bindery/contracts/admin/sales';
import { orderNumberOf } from '@bindery/contracts/store/orders';
import { apiEnv } from '@bindery/payment-fakes/api-env';
import { startFakePaypal } from '@bindery/payment-fakes/paypal';
import { startFakeStripe } from '@bindery/payment-fakes/stripe';
import { manualClock } from '#lib/clock.js';
import { createUser, defined, request, setupTestApp } from '../helper.js';
import { payByCard, payByPaypal, startPaypal } from '../money-fixtures.js';
import { orderOneBook } from '../orders-fixtures.js';

// Two UTC days the test controls; the fake Stripe keeps the same time as the API.
const DAY = 86_400_000;
const dayA = new Date(Math.ceil(Date.now() / DAY) * DAY + 2 * DAY);
const dayB = new Date(dayA.getTime() + DAY);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const clock = manualClock(new Date(dayA.getTime() + 10 * 3600_000));
const stripe = await startFakeStripe({ now: () => clock.now() });
const paypal = await startFakePaypal();
const t = setupTestApp({ clock, env: apiEnv(stripe, paypal) });
afterAll(async () => {
  await stripe.stop();
  await paypal.stop();
});

type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;
let customer: User;
const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const sales = (query: string, auth = admin.auth) =>
  request(t, { method: 'GET', url: `/api/admin/sales/${query}`, headers: auth });

let paidByCard: { id: number; total: number };
let awaitingNoAttempt: { id: number; total: number };
let awaitingPaypal: { id: number; total: number };
let paidByPaypal: { id: number; total: number };

beforeAll(async () => {
  admin = await createUser(t, { is_admin: true });
  customer = await createUser(t);
  const place = async (title: string) => {
    const { order } = await orderOneBook(t, customer.auth, title);
    return { id: order.id, total: cents(order.total) };
  };
  // Day A, 10:00 UTC: one order paid by card, one unpaid with no attempt, one with an open PayPal order.
  paidByCard = await place('Card on day A');
  await payByCard(t, stripe, customer.auth, paidByCard.id);
  awaitingNoAttempt = await place('Unpaid on day A');
  awaitingPaypal = await place('PayPal open on day A');
  await startPaypal(t, customer.auth, awaitingPaypal.id);
  // Day B, 09:00 UTC: an order paid with PayPal, and $10 of the card order refunded.
  clock.set(new Date(dayB.getTime() + 9 * 3600_000));
  paidByPaypal = await place('PayPal on day B');
  await payByPaypal(t, paypal, customer.auth, paidByPaypal.id);
  const refund = await request(t, {
    method: 'POST',
    url: `/api/admin/orders/${paidByCard.id}/refund/`,
    headers: admin.auth,
    payload: { amount_cents: 1_000, reason: 'Damaged copy' },
  });
  expect(refund.statusCode, refund.body).toBe(200);
});

describe('GET api/admin/sales/', () => {
  it('sums paid, refunded and outstanding per day and method, in cents', async () => {
    const res = await sales(`?from=${iso(dayA)}&to=${iso(dayB)}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = SalesReportResponse.parse(res.data);
    expect(report).toMatchObject({ from: iso(dayA), to: iso(dayB), currency: 'USD' });
    expect(report.days.map((d) => d.date)).toEqual([iso(dayA), iso(dayB)]);
    const [a, b] = report.days;
    expect(a).toMatchObject({
      paid_cents: paidByCard.total,
      refunded_cents: 0,
      outstanding_cents: awaitingNoAttempt.total + awaitingPaypal.total,
      payments: 1,
      awaiting_orders: 2,
    });
    expect(defined(a, 'day A').methods).toEqual([
      expect.objectContaining({ method: 'card', paid_cents: paidByCard.total, outstanding_cents: 0 }),
      expect.objectContaining({ method: 'paypal', paid_cents: 0, outstanding_cents: awaitingPaypal.total }),
      expect.objectContaining({ method: null, outstanding_cents: awaitingNoAttempt.total }),
    ]);
    expect(b).toMatchObject({ paid_cents: paidByPaypal.total, refunded_cents: 1_000, outstanding_cents: 0 });
    expect(defined(b, 'day B').methods).toEqual([
      expect.objectContaining({ method: 'card', paid_cents: 0, refunded_cents: 1_000, refunds: 1 }),
      expect.objectContaining({ method: 'paypal', paid_cents: paidByPaypal.total, payments: 1 }),
    ]);
    expect(report.totals).toMatchObject({
      paid_cents: paidByCard.total + paidByPaypal.total,
      refunded_cents: 1_000,
      outstanding_cents: awaitingNoAttempt.total + awaitingPaypal.total,
    });
    expect(report.by_method.map((m) => [m.method, m.paid_cents, m.refunded_cents])).toEqual([
      ['card', paidByCard.total, 1_000],
      ['paypal', paidByPaypal.total, 0],
      [null, 0, 0],
    ]);
  });

  it('lists the period’s payments newest first, one keyset page at a time, with what was refunded of each', async () => {
    const first = SalesReportResponse.parse((await sales(`?from=${iso(dayA)}&to=${iso(dayB)}&limit=1`)).data);
    expect(first.payments.total).toBe(2);
    expect(first.payments.data).toEqual([
      expect.objectContaining({
        order_id: paidByPaypal.id,
        method: 'paypal',
        amount_cents: paidByPaypal.total,
      }),
    ]);
    expect(first.payments.data[0]?.paid_at.slice(0, 10)).toBe(iso(dayB));
    const cursor = defined(first.payments.next_cursor, 'a next page');
    const second = SalesReportResponse.parse(
      (await sales(`?from=${iso(dayA)}&to=${iso(dayB)}&limit=1&cursor=${cursor}`)).data,
    );
    expect(second.payments.data).toEqual([
      expect.objectContaining({
        order_id: paidByCard.id,
        method: 'card',
        refunded_cents: 1_000,
        order_status: 'paid',
      }),
    ]);
    expect(second.payments.next_cursor).toBeNull();
    // A day outside: nothing.
    const before = SalesReportResponse.parse(
      (await sales(`?from=${iso(new Date(dayA.getTime() - DAY))}&to=${iso(new Date(dayA.getTime() - DAY))}`))
        .data,
    );
    expect(before.totals).toMatchObject({ paid_cents: 0, refunded_cents: 0, outstanding_cents: 0 });
    expect(before.payments.data).toEqual([]);
  });

  it('covers the last 30 days up to today by default', async () => {
    const report = SalesReportResponse.parse((await sales('')).data);
    expect(report.to).toBe(iso(clock.now()));
    expect(report.days).toHaveLength(30);
    expect(report.totals.paid_cents).toBe(paidByCard.total + paidByPaypal.total);
  });

  it('pages payments of the same millisecond without skipping one (the cursor keeps microseconds)', async () => {
    // Three payments on a day of their own: two 0.4 ms apart in one millisecond, a page boundary between them.
    const { id: orderId } = await t.db.selectFrom('orders').select('id').limit(1).executeTakeFirstOrThrow();
    const day = '2023-03-01';
    const ids: number[] = [];
    for (const at of ['10:00:00.123900', '10:00:00.123500', '09:00:00']) {
      const row = await t.db
        .insertInto('payments')
        .values({
          order_id: orderId,
          provider: 'stripe',
          provider_ref: `cs_same_ms_${at}`,
          amount_cents: 1000,
          status: 'completed',
          completed_at: sql<Date>`${`${day}T${at}Z`}::timestamptz`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await sales(`?from=${day}&to=${day}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const report = SalesReportResponse.parse(res.data);
      seen.push(...report.payments.data.map((p) => p.id));
      expect(report.payments.total).toBe(3);
      cursor = report.payments.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(ids);
  });

  it('refuses a reversed period, one longer than 366 days, a bad date and a tampered cursor (400)', async () => {
    for (const query of [
      `?from=${iso(dayB)}&to=${iso(dayA)}`,
      '?from=2025-01-01&to=2026-12-31',
      '?from=2026-13-01',
      '?cursor=bm90LWEtY3Vyc29y',
      '?limit=500',
      '?currency=EUR',
    ]) {
      const res = await sales(query);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('reads the period’s payments through its index, not a scan of every payment', async () => {
    const { id: orderId } = await t.db.selectFrom('orders').select('id').limit(1).executeTakeFirstOrThrow();
    await sql`
      insert into payments (order_id, provider, provider_ref, amount_cents, status, completed_at, created_at, updated_at)
      select ${orderId}, 'stripe', 'cs_bulk_' || g, 1000, 'completed',
             timestamptz '2024-01-01' + g * interval '1 hour', now(), now()
      from generate_series(1, 4000) g
    `.execute(t.db);
    await sql`analyze payments`.execute(t.db);
    const plan = await sql<{ 'QUERY PLAN': string }>`
      explain select p.id from payments p
      where p.status = 'completed' and p.completed_at >= ${dayA} and p.completed_at < ${dayB}
      order by p.completed_at desc, p.id desc limit 51
    `.execute(t.db);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('payments_completed_at_id_idx');
    expect(text).not.toMatch(/Seq Scan on payments/);
  });
});

/** RFC 4180 as the export writes it: CRLF rows, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    const next = text.charAt(i + 1);
    if (quoted && c === '"' && next === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && next === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}
const exportOf = (kind: 'orders' | 'payments', query: string, auth: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'GET', url: `/api/admin/sales/export/${kind}/${query}`, headers: auth });
const records = (text: string) => {
  const [header, ...rows] = parseCsv(text);
  return rows.map((r) => Object.fromEntries(defined(header, 'a header row').map((h, i) => [h, r[i]])));
};

describe('GET api/admin/sales/export/…: the period as CSV for the books', () => {
  it('is for staff only (401, 403) and refuses a wrong period before sending anything (400)', async () => {
    expect((await exportOf('orders', '', {})).statusCode).toBe(401);
    expect((await exportOf('payments', '', customer.auth)).statusCode).toBe(403);
    expect((await exportOf('orders', `?from=${iso(dayB)}&to=${iso(dayA)}`)).statusCode).toBe(400);
    expect((await exportOf('orders', '?from=2020-01-01&to=2024-01-01')).statusCode).toBe(400);
  });

  it('lists each order placed in the period with its books, copies and every money column', async () => {
    const res = await exportOf('orders', `?from=${iso(dayA)}&to=${iso(dayB)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`bindery-orders-${iso(dayA)}-to-${iso(dayB)}.csv`);
    const [header] = parseCsv(res.body);
    expect(header).toEqual([...ORDERS_CSV_COLUMNS]);
    const orders = records(res.body);
    expect(orders.map((o) => o['order_number'])).toEqual(
      [paidByCard, awaitingNoAttempt, awaitingPaypal, paidByPaypal].map((o) => orderNumberOf(o.id)),
    );
    const card = defined(orders[0], 'the card order');
    expect(card).toMatchObject({
      status: 'paid',
      payment_method: 'card',
      items: 'Card on day A × 1',
      copies: '1',
      total: (paidByCard.total / 100).toFixed(2),
      refunded: '10.00',
      customer_email: customer.user.email,
    });
    expect(card['placed_at']?.startsWith(iso(dayA))).toBe(true);
    expect(orders[1]).toMatchObject({ status: 'awaiting_payment', paid_at: '', refunded: '0.00' });
  });

  it('lists the payments, then the refunds, of the period', async () => {
    const res = await exportOf('payments', `?from=${iso(dayA)}&to=${iso(dayB)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(parseCsv(res.body)[0]).toEqual([...MONEY_CSV_COLUMNS]);
    expect(records(res.body).map((r) => [r['kind'], r['order_number'], r['method'], r['amount'], r['reason']])).toEqual([
      ['payment', orderNumberOf(paidByCard.id), 'card', (paidByCard.total / 100).toFixed(2), ''],
      ['payment', orderNumberOf(paidByPaypal.id), 'paypal', (paidByPaypal.total / 100).toFixed(2), ''],
      ['refund', orderNumberOf(paidByCard.id), 'card', '10.00', 'Damaged copy'],
    ]);
  });

  it('streams thousands of orders in batches, each once, in order; a name a spreadsheet would run is defused', async () => {
    const owner = await createUser(t, { name: '=HYPERLINK("http://evil.test","x")' });
    const { order } = await orderOneBook(t, owner.auth, 'Bulk');
    // 2,500 orders on 2024-03-01 (a period of their own), copied from a real one: 3 batches of the export.
    await sql`
      insert into orders (user_id, subtotal_cents, shipping_cents, tax_cents, total_cents, tax_rate_bp, tax_reason,
                          shipping_service, address, weight_grams, created_at, updated_at)
      select user_id, subtotal_cents, shipping_cents, tax_cents, total_cents, tax_rate_bp, tax_reason,
             shipping_service, address, weight_grams,
             timestamptz '2024-03-01 00:00:00+00' + (g % 500) * interval '1 second', now()
      from orders, generate_series(1, 2500) g where id = ${order.id}
    `.execute(t.db);
    const res = await exportOf('orders', '?from=2024-03-01&to=2024-03-01');
    expect(res.statusCode).toBe(200);
    const orders = records(res.body);
    expect(orders).toHaveLength(2500);
    expect(new Set(orders.map((o) => o['order_number'])).size).toBe(2500);
    const keys = orders.map((o) => `${o['placed_at']}|${o['order_number']}`);
    expect(keys).toEqual([...keys].sort());
    expect(orders[0]?.['customer_name']).toBe(`'=HYPERLINK("http://evil.test","x")`);
  });
});
