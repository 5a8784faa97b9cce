/**
 * Reading orders (docs/decisions/0019, 0020): the admin's keyset list with every filter and its plan, the admin's
 * detail (books with every option, files through the authorized route, payments, refunds, events), the customer's
 * list, lookup and overview, and who may call what (anonymous 401, customer 403 on admin routes, another
 * customer's order 404). List rows are inserted straight into the database where hundreds are needed; the detail
 * and the customer's pages use orders made through the real routes.
 */
import { sql, type CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import {
  AdminOrderListResponse,
  AdminOrderResponse,
  AllOrdersResponse,
} from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import {
  CustomerOverviewResponse,
  MyOrdersResponse,
  OVERVIEW_UNPAID_LIMIT,
  orderNumberOf,
} from '@bindery/contracts/store/orders';
import { INVALID_CURSOR } from '#lib/keyset.js';
import {
  adminOrdersCountQuery,
  adminOrdersQuery,
  userOrdersQuery,
} from '#plugins/app/orders/orders.repository.js';
import { planOf } from '../explain.js';
import { anyString, createUser, defined, json, request, setupTestApp } from '../helper.js';
import { createPhotoBook, orderOneBook, payOrder, placeOrder, recordRefund } from '../orders-fixtures.js';

const t = setupTestApp();

type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;
let customer: User;
let stranger: User;

beforeAll(async () => {
  admin = await createUser(t, { is_admin: true, name: 'Grace Staff' });
  customer = await createUser(t, { name: 'Ada Reader' });
  stranger = await createUser(t, { name: 'Bob Other' });
});

const get = (url: string, auth?: Record<string, string>) =>
  request(t, { method: 'GET', url, headers: { ...auth } });

interface Bulk {
  userId: number;
  status?: string;
  createdAt?: string;
  title?: string;
  name?: string;
  email?: string;
}

/** Orders written straight into the table (the list tests need many, and exact times). Returns their ids. */
async function insertOrders(rows: Bulk[]): Promise<number[]> {
  const ids: number[] = [];
  for (const r of rows) {
    const status = r.status ?? 'paid';
    const shipped = status === 'shipped' || status === 'delivered';
    const order = await t.db
      .insertInto('orders')
      .values({
        user_id: r.userId,
        status: status as 'paid',
        subtotal_cents: 1000,
        shipping_cents: 500,
        tax_cents: 0,
        total_cents: 1500,
        tax_rate_bp: 0,
        tax_reason: 'No tax applicable',
        shipping_service: JSON.stringify({}),
        address: JSON.stringify({}),
        weight_grams: 500,
        paid_at: status === 'awaiting_payment' || status === 'canceled' ? null : new Date(),
        payment_method: 'card',
        ...(r.createdAt ? { created_at: r.createdAt } : {}),
        ...(r.name ? { customer_name: r.name } : {}),
        ...(r.email ? { customer_email: r.email } : {}),
        ...(shipped ? { carrier: 'DHL', tracking_number: 'JD1' } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(order.id);
    if (r.title) {
      const project = await t.db.selectFrom('projects').select('id').limit(1).executeTakeFirstOrThrow();
      await t.db
        .insertInto('order_items')
        .values({
          order_id: order.id,
          project_id: project.id,
          title: r.title,
          category: 'Print Book',
          quantity: 1,
          cost_per_book_cents: 1000,
          discount_cents: 0,
          line_total_cents: 1000,
        })
        .execute();
    }
  }
  return ids;
}

/** Every page of a list, following next_cursor. */
async function allPages(url: string, auth: Record<string, string>) {
  const seen: number[] = [];
  let cursor: string | null = null;
  let total: number | undefined;
  let pages = 0;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await get(`${url}${cursor ? `${sep}cursor=${encodeURIComponent(cursor)}` : ''}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    const page = AdminOrderListResponse.or(MyOrdersResponse).parse(res.data);
    seen.push(...page.data.map((r) => r.id));
    total = page.total;
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { ids: seen, total, pages };
}

describe('who may call what', () => {
  it('keeps the admin routes for admins (anonymous 401, customer 403)', async () => {
    const { order } = await orderOneBook(t, customer.auth);
    const routes = [
      { method: 'GET', url: '/api/admin/orders/' },
      { method: 'GET', url: `/api/admin/orders/${order.id}/` },
      { method: 'POST', url: `/api/admin/orders/${order.id}/status/`, payload: { status: 'canceled' } },
      { method: 'GET', url: '/api/book/all-orders/' },
    ] as const;
    for (const route of routes) {
      expect((await request(t, { ...route })).statusCode, route.url).toBe(401);
      expect((await request(t, { ...route, headers: customer.auth })).statusCode, route.url).toBe(403);
    }
    expect((await get('/api/admin/orders/', admin.auth)).statusCode).toBe(200);
    expect((await get(`/api/admin/orders/${order.id}/`, admin.auth)).statusCode).toBe(200);
    expect((await get('/api/admin/orders/999999/', admin.auth)).statusCode).toBe(404);
    expect((await get('/api/book/all-orders/', admin.auth)).statusCode).toBe(200);
    expect(await orderStatus(order.id)).toBe('awaiting_payment');
  });

  it('shows customers their own orders only (anonymous 401, another customer’s 404)', async () => {
    const { order } = await orderOneBook(t, customer.auth);
    await payOrder(t, order.id);
    const own = [
      `/api/orders/`,
      `/api/orders/overview/`,
      `/api/orders/${order.id}/`,
      `/api/orders/lookup/?number=${order.order_number}`,
    ];
    for (const url of own) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, customer.auth)).statusCode, url).toBe(200);
    }
    expect(
      (await request(t, { method: 'POST', url: `/api/orders/${order.id}/reorder/`, payload: {} })).statusCode,
    ).toBe(401);
    for (const url of [`/api/orders/${order.id}/`, `/api/orders/lookup/?number=${order.order_number}`]) {
      const res = await get(url, stranger.auth);
      expect(res.statusCode, url).toBe(404);
    }
    const reorder = await request(t, {
      method: 'POST',
      url: `/api/orders/${order.id}/reorder/`,
      headers: stranger.auth,
      payload: {},
    });
    expect(reorder.statusCode).toBe(404);
    const theirs = json(await get('/api/orders/', stranger.auth), MyOrdersResponse);
    expect(theirs.data.map((o) => o.id)).not.toContain(order.id);
  });
});

async function orderStatus(id: number) {
  return (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
}

describe('GET api/admin/orders/', () => {
  let ann: User;
  let ids: number[];
  const day = '2031-03-04';

  beforeAll(async () => {
    ann = await createUser(t, { name: 'Ann Öhman', email: 'ann.search@example.test' });
    await orderOneBook(t, ann.auth, 'Seed book'); // a project for the inserted items to point at
    // Seven orders placed in the same microsecond (a page must still split them exactly), and others around.
    const same = `${day}T10:00:00.123456Z`;
    ids = await insertOrders([
      ...Array.from({ length: 7 }, (_, i) => ({
        userId: ann.user.id,
        createdAt: same,
        status: i % 2 ? 'paid' : 'shipped',
      })),
      {
        userId: ann.user.id,
        createdAt: `${day}T00:00:00Z`,
        status: 'in_production',
        title: 'The Quiet Lighthouse',
      },
      { userId: ann.user.id, createdAt: `${day}T23:59:59.999999Z`, status: 'canceled', name: 'Zed Zimmer' },
      { userId: ann.user.id, createdAt: '2031-03-05T00:00:00Z', status: 'delivered' },
      {
        userId: ann.user.id,
        createdAt: '2031-03-03T23:59:59Z',
        status: 'awaiting_payment',
        title: '50%_off',
      },
    ]);
  });

  it('pages newest first without skipping or repeating, even rows of the same microsecond', async () => {
    const {
      ids: seen,
      total,
      pages,
    } = await allPages(`/api/admin/orders/?limit=2&from=${day}&to=${day}`, admin.auth);
    const expected = await t.db
      .selectFrom('orders')
      .select('id')
      .where(sql<boolean>`created_at >= ${`${day}T00:00:00Z`} and created_at < ${'2031-03-05T00:00:00Z'}`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(seen).toHaveLength(9);
    expect(total).toBe(9);
    expect(pages).toBe(5);
  });

  it('gives each row its number, times, customer, item count, total, status and method', async () => {
    const res = await get(`/api/admin/orders/?q=${encodeURIComponent('Quiet Lighthouse')}`, admin.auth);
    const page = json(res, AdminOrderListResponse);
    expect(page.data).toEqual([
      {
        id: ids[7],
        order_number: `BND-${String(ids[7]).padStart(6, '0')}`,
        status: 'in_production',
        created_at: `${day}T00:00:00.000Z`,
        paid_at: anyString,
        customer_name: 'Ann Öhman',
        customer_email: 'ann.search@example.test',
        item_count: 1,
        total: '15.00',
        currency: 'USD',
        payment_method: 'card',
      },
    ]);
    expect(page.total).toBe(1);
  });

  it('filters by status, and by text in the number, e-mail, name or a title, case-insensitively', async () => {
    const find = async (query: string) =>
      json(await get(`/api/admin/orders/?limit=200&${query}`, admin.auth), AdminOrderListResponse);
    const shipped = await find(`status=shipped&from=${day}&to=${day}`);
    expect(shipped.data.map((r) => r.status)).toEqual(['shipped', 'shipped', 'shipped', 'shipped']);
    expect(shipped.total).toBe(4);

    const number = `BND-${String(ids[9]).padStart(6, '0')}`;
    for (const q of [number, number.toLowerCase(), String(ids[9])]) {
      expect(
        (await find(`q=${encodeURIComponent(q)}`)).data.map((r) => r.id),
        q,
      ).toContain(ids[9]);
    }
    // Ann's eleven orders above and the one placed through checkout in beforeAll.
    expect((await find('q=ANN.SEARCH@')).total).toBe(12);
    expect((await find('q=zimmer')).data.map((r) => r.id)).toEqual([ids[8]]);
    expect((await find('q=quiet%20LIGHT')).data.map((r) => r.id)).toEqual([ids[7]]);
    // LIKE wildcards are plain characters: "%_" matches only the title that has them.
    expect((await find(`q=${encodeURIComponent('0%_o')}`)).data.map((r) => r.id)).toEqual([ids[10]]);
    expect((await find('q=no-such-thing-anywhere')).data).toEqual([]);
    expect((await find('q=')).data.length).toBeGreaterThan(11);
  });

  it('pages a search whose orders match by name and by title alike, each once, newest first', async () => {
    // Seven orders of "Mira Quill" the customer, in the same microsecond as each other, and five whose book
    // is titled "… mira quill …", one of them also placed by Mira herself: twelve orders, two halves that overlap.
    const at = '2031-06-01T08:00:00.500001Z';
    const matching = await insertOrders([
      ...Array.from({ length: 7 }, () => ({ userId: ann.user.id, createdAt: at, name: 'Mira Quill' })),
      ...Array.from({ length: 4 }, (_, i) => ({
        userId: ann.user.id,
        createdAt: `2031-06-01T0${i}:00:00Z`,
        title: `Poems of Mira Quill ${i}`,
      })),
      { userId: ann.user.id, createdAt: at, name: 'Mira Quill', title: 'Mira Quill: Collected' },
    ]);
    await insertOrders([{ userId: ann.user.id, createdAt: at, name: 'Someone Else', title: 'Unrelated' }]);
    const expected = await t.db
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', matching)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const {
      ids: seen,
      total,
      pages,
    } = await allPages('/api/admin/orders/?limit=5&q=MIRA%20quill', admin.auth);
    expect(seen).toEqual(expected.map((r) => r.id));
    expect(total).toBe(12);
    expect(pages).toBe(3);
  });

  it('filters by day (from and to inclusive) or by instant', async () => {
    const only = async (query: string) =>
      json(await get(`/api/admin/orders/?limit=200&${query}`, admin.auth), AdminOrderListResponse).data.map(
        (r) => r.id,
      );
    expect(await only('from=2031-03-05&to=2031-03-05')).toEqual([ids[9]]);
    expect(await only('from=2031-03-03&to=2031-03-03')).toEqual([ids[10]]);
    expect(await only(`from=${day}T23:59:59Z&to=2031-03-05T00:00:00Z`)).toEqual([ids[9], ids[8]]);
  });

  it('refuses a tampered cursor, a page over 200 and unknown filters with 400', async () => {
    const bad = await get('/api/admin/orders/?cursor=bm90LWEtY3Vyc29y', admin.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.data).toMatchObject({ code: 'INVALID_CURSOR', error: INVALID_CURSOR });
    expect((await get('/api/admin/orders/?limit=201', admin.auth)).statusCode).toBe(400);
    expect((await get('/api/admin/orders/?status=lost', admin.auth)).statusCode).toBe(400);
    expect((await get('/api/admin/orders/?sort=price', admin.auth)).statusCode).toBe(400);
    expect((await get('/api/admin/orders/?from=yesterday', admin.auth)).statusCode).toBe(400);
  });
});

describe('the admin list’s plan', () => {
  it('reads the first page and a status page through an index, not a scan of orders', async () => {
    const user = await createUser(t);
    await sql`
      insert into orders (user_id, status, subtotal_cents, shipping_cents, tax_cents, total_cents, tax_rate_bp,
                          tax_reason, shipping_service, address, weight_grams, created_at, carrier, tracking_number,
                          customer_email, customer_name)
      select ${user.user.id},
             case when g % 100 = 0 then 'shipped' else (array['paid','in_production','delivered','canceled'])[1 + g % 4] end,
             1000, 500, 0, 1500, 0, 'No tax', '{}', '{}', 500, now() - g * interval '1 minute', 'DHL', 'JD',
             'reader' || g || '@bench.test', 'Reader ' || g
      from generate_series(1, 4000) g
    `.execute(t.db);
    // Each with a book of its own title, as the bench's seed (bench/src/seed.ts) has them.
    const { order: placed } = await orderOneBook(t, customer.auth, 'Plan book');
    const project = await t.db
      .selectFrom('order_items')
      .select('project_id')
      .where('order_id', '=', placed.id)
      .executeTakeFirstOrThrow();
    await sql`
      insert into order_items (order_id, project_id, title, category, quantity, cost_per_book_cents,
                               discount_cents, line_total_cents)
      select id, ${project.project_id}, 'Book ' || id, 'Print Book', 1, 1000, 0, 1000
      from orders where customer_email like 'reader%@bench.test'
    `.execute(t.db);
    await sql`analyze orders`.execute(t.db);
    await sql`analyze order_items`.execute(t.db);

    const plan = (query: { compile(): CompiledQuery }) => planOf(t.db, query);
    const noSeqScanOnOrders = (text: string) =>
      expect(text).not.toMatch(
        /"Node Type":"Seq Scan","Parallel Aware":(true|false),"Async Capable":(true|false),"Relation Name":"orders"/,
      );

    const first = await plan(adminOrdersQuery(t.db, {}, { limit: 50 }));
    noSeqScanOnOrders(first);
    expect(first).toContain('orders_created_at_id_idx');

    // A rare status is read from its own index; a common one may be read newest first with a filter (cheaper
    // when every few rows match): an index either way, never the whole table.
    const rare = await plan(adminOrdersQuery(t.db, { status: 'shipped' }, { limit: 50 }));
    noSeqScanOnOrders(rare);
    expect(rare).toContain('orders_status_created_at_id_idx');
    const common = await plan(adminOrdersQuery(t.db, { status: 'paid' }, { limit: 50 }));
    noSeqScanOnOrders(common);
    expect(common).toMatch(/"Index Name":"orders_(status_)?created_at_id_idx","Relation Name":"orders"/);

    const next = await plan(
      adminOrdersQuery(
        t.db,
        { status: 'paid' },
        { limit: 50, after: ['2030-01-01T00:00:00.000000Z', 99999] },
      ),
    );
    noSeqScanOnOrders(next);

    // A rare text is read through the trigram indexes of the order's columns (one BitmapOr) and of the books'
    // titles, for the page and for its count alike: never by testing every order. At 4,000 rows reading the
    // table (or walking it newest first) is cheaper still, so both are priced out here: what is checked is that
    // the query's shape lets the trigram indexes answer it, as PostgreSQL chooses at 100,000 orders (bench/). One
    // WHERE with "… OR id IN (…)" could not: it tested every order, 250–1,000 ms there.
    for (const query of [
      adminOrdersQuery(t.db, { q: 'reader4242' }, { limit: 50 }),
      adminOrdersCountQuery(t.db, { q: 'reader4242' }),
    ]) {
      const search = await t.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_indexscan = off`.execute(trx);
        return planOf(trx, query);
      });
      noSeqScanOnOrders(search);
      expect(search).toContain('"Node Type":"BitmapOr"');
      expect(search).toContain('orders_customer_email_trgm_idx');
      expect(search).toContain('order_items_title_trgm_idx');
      expect(search).not.toMatch(/"Index Name":"orders_created_at_id_idx"/);
    }

    // A customer with a handful of orders among thousands.
    const customers = await plan(userOrdersQuery(t.db, customer.user.id, { limit: 50 }));
    noSeqScanOnOrders(customers);
    expect(customers).toContain('orders_user_created_at_id_idx');
  });
});

describe('GET api/admin/orders/{id}/', () => {
  it('gives staff every fact to produce and ship: options, extras, pages, files, cover request, money, events', async () => {
    const { order: printed, project: book } = await orderOneBook(t, customer.auth, 'Print Run');
    const { project: album, spine } = await createPhotoBook(t, customer.auth, 'Album');
    const order = await placeOrder(t, customer.auth, [book.id, album.id]);
    expect(printed.id).not.toBe(order.id);
    await payOrder(t, order.id);
    await recordRefund(t, order.id, 250);

    const res = await get(`/api/admin/orders/${order.id}/`, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    const detail = json(res, AdminOrderResponse).order;
    expect(detail).toMatchObject({
      order_number: order.order_number,
      status: 'paid',
      next_statuses: ['in_production', 'on_hold', 'canceled'],
      customer: {
        user_id: customer.user.id,
        name: 'Ada Reader',
        email: customer.user.email,
        account_deleted: false,
      },
      subtotal: order.subtotal,
      discount: '0.00',
      shipping: order.shipping,
      tax: order.tax,
      total: order.total,
      tax_reason: order.tax_reason,
      payment_method: 'card',
      refunded: '2.50',
      address: order.address,
      shipping_service: order.shipping_service,
    });
    expect(detail.weight_grams).toBeGreaterThan(0);
    expect(detail.carrier_charge).toMatch(/^\d+\.\d{2}$/);
    expect(detail.payment_reference).toMatch(/^cs_test_/);
    expect(detail.payments).toHaveLength(1);
    expect(detail.refunds).toMatchObject([{ amount: '2.50', status: 'succeeded', reason: 'Test refund' }]);
    expect(Number(detail.refundable)).toBeCloseTo(Number(order.total) - 2.5, 2);
    expect(detail.events.map((e) => [e.from, e.to, e.actor.type])).toEqual([
      [null, 'awaiting_payment', 'customer'],
      ['awaiting_payment', 'paid', 'system'],
    ]);

    const [printItem, albumItem] = detail.items;
    expect(printItem).toMatchObject({
      project_id: book.id,
      title: 'Print Run',
      category: 'Print Book',
      page_count: 40,
      quantity: 1,
      options: {
        trim_size: 'US Trade',
        binding_type: 'Perfect Bound',
        interior_color: 'Standard Color',
        paper_type: '60# White-Uncoated',
        cover_finish: 'Matte',
        extras: {},
      },
      pdf_file: {
        url: `/api/book/${book.id}/files/pdf/`,
        download_url: `/api/book/${book.id}/files/pdf/?download=true`,
      },
      cover_file: null,
      cover_expert: null,
    });
    expect(defined(printItem, 'printItem').line_total).toBe(
      defined(order.items[0], 'order.items[0]').line_total,
    );
    expect(albumItem).toMatchObject({
      category: 'Photo Book',
      quantity: 2,
      options: { binding_type: 'Case Wrap', extras: { Spine: spine } },
      cover_expert: { book_title: 'Album', cover_description: 'A beach at dusk' },
    });

    // The links go through the authorized file route: the admin gets the PDF, another customer does not.
    const file = await request(t, {
      method: 'GET',
      url: defined(printItem, 'printItem').pdf_file.download_url,
      headers: admin.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(defined(printItem, 'printItem').pdf_file.size_bytes);
    expect((await get(defined(printItem, 'printItem').pdf_file.url, stranger.auth)).statusCode).toBe(404);
  });

  it('keeps the customer’s name and e-mail after the account is deleted', async () => {
    const leaving = await createUser(t, { name: 'Leaving Soon' });
    const { order } = await orderOneBook(t, leaving.auth);
    const deleted = await request(t, {
      method: 'DELETE',
      url: `/api/users/admin/users/${leaving.user.id}/delete/`,
      headers: admin.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const detail = json(await get(`/api/admin/orders/${order.id}/`, admin.auth), AdminOrderResponse).order;
    expect(detail.customer).toEqual({
      user_id: leaving.user.id,
      name: 'Leaving Soon',
      email: leaving.user.email,
      account_deleted: true,
    });
    const rows = json(
      await get(`/api/admin/orders/?q=${order.order_number}`, admin.auth),
      AdminOrderListResponse,
    );
    expect(rows.data[0]).toMatchObject({ customer_name: 'Leaving Soon', customer_email: leaving.user.email });
  });
});

describe('GET api/book/all-orders/ (the spec’s list, paged)', () => {
  it('keeps its row shape and pages by keyset', async () => {
    const first = json(await get('/api/book/all-orders/?limit=2', admin.auth), AllOrdersResponse);
    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).not.toBeNull();
    const second = json(
      await get(`/api/book/all-orders/?limit=2&cursor=${first.next_cursor}`, admin.auth),
      AllOrdersResponse,
    );
    expect(second.data.map((p) => p.id)).not.toContain(defined(first.data[0], 'first.data[0]').id);
    expect(
      new Date(defined(second.data[0], 'second.data[0]').created_at) <=
        new Date(defined(first.data[1], 'first.data[1]').created_at),
    ).toBe(true);
  });
});

describe('the customer’s orders', () => {
  let buyer: User;
  beforeAll(async () => {
    buyer = await createUser(t, { name: 'Cleo Buyer' });
  });

  it('pages GET api/orders/ newest first, with the total and a status filter', async () => {
    const made: number[] = [];
    for (let i = 0; i < 3; i += 1) made.push((await orderOneBook(t, buyer.auth, `Book ${i}`)).order.id);
    await payOrder(t, defined(made[1], 'made[1]'));
    const { ids, total, pages } = await allPages('/api/orders/?limit=2', buyer.auth);
    expect(ids).toEqual([...made].reverse());
    expect(total).toBe(3);
    expect(pages).toBe(2);
    const paid = json(await get('/api/orders/?status=paid', buyer.auth), MyOrdersResponse);
    expect(paid.data.map((o) => o.id)).toEqual([made[1]]);
    expect(paid.data[0]).toMatchObject({
      item_count: 1,
      items: [{ title: 'Book 1', quantity: 1 }],
      payment_method: 'card',
    });
    expect((await get('/api/orders/?cursor=abc', buyer.auth)).statusCode).toBe(400);
  });

  it("shows each printed book's specifications on the customer's order: trim with its dimensions, options, pages (ADR 0058)", async () => {
    const { order } = await orderOneBook(t, buyer.auth, 'Spec Book');
    const expected = {
      trim_size: 'US Trade — 6 × 9 in',
      binding: 'Perfect Bound',
      paper_type: '60# White-Uncoated',
      interior_color: 'Standard Color',
      cover_finish: 'Matte',
      extras: {},
      page_count: 40,
    };
    // From save-shipping's answer on, and on the order page.
    expect(order.items[0]?.specs).toEqual(expected);
    const detail = json(await get(`/api/orders/${order.id}/`, buyer.auth), OrderResponse).order;
    expect(detail.items).toHaveLength(1);
    expect(detail.items[0]).toMatchObject({ title: 'Spec Book', quantity: 1, specs: expected });
  });

  it('lists what was refunded on each order: nothing, part or all of it (ADR 0058)', async () => {
    const who = await createUser(t);
    const none = (await orderOneBook(t, who.auth, 'Kept')).order;
    const part = (await orderOneBook(t, who.auth, 'Part')).order;
    const all = (await orderOneBook(t, who.auth, 'All')).order;
    for (const o of [none, part, all]) await payOrder(t, o.id);
    await recordRefund(t, part.id, 100);
    const allCents = Math.round(Number(all.total) * 100);
    await recordRefund(t, all.id, allCents);
    const listed = json(await get('/api/orders/', who.auth), MyOrdersResponse).data;
    const refunded = Object.fromEntries(listed.map((o) => [o.id, o.refunded]));
    expect(refunded).toEqual({ [none.id]: '0.00', [part.id]: '1.00', [all.id]: all.total });
  });

  it('finds an order by its number, however it is typed', async () => {
    const { order } = await orderOneBook(t, buyer.auth, 'Lookup Book');
    for (const typed of [
      order.order_number,
      order.order_number.toLowerCase(),
      `BND${order.id}`,
      String(order.id),
    ]) {
      const res = await get(`/api/orders/lookup/?number=${encodeURIComponent(typed)}`, buyer.auth);
      expect(res.statusCode, typed).toBe(200);
      expect(json(res, OrderResponse).order.id).toBe(order.id);
    }
    const missing = await get('/api/orders/lookup/?number=BND-999999', buyer.auth);
    expect(missing.statusCode).toBe(404);
    expect(json(missing, ErrorBody).error).toBe(messages.orders.lookupNotFound);
    const bad = await get('/api/orders/lookup/?number=hello', buyer.auth);
    expect(bad.statusCode).toBe(400);
    expect(json(bad, ErrorBody).error).toContain(messages.orders.lookupNumberInvalid);
  });

  it("answers the buyer's overview: orders to pay with their numbers, money spent after refunds, open orders (ADR 0058)", async () => {
    const fresh = await createUser(t);
    expect(json(await get('/api/orders/overview/', fresh.auth), CustomerOverviewResponse)).toEqual({
      currency: 'USD',
      unpaid: { count: 0, total: '0.00', orders: [] },
      spent_total: '0.00',
      refunded_total: '0.00',
      counts: { open: 0, delivered: 0, canceled: 0 },
      last_paid_at: null,
    });
    const paid = (await orderOneBook(t, fresh.auth, 'Paid')).order;
    await payOrder(t, paid.id);
    await recordRefund(t, paid.id, 100);
    const unpaid = [];
    for (let i = 0; i <= OVERVIEW_UNPAID_LIMIT; i += 1)
      unpaid.push((await orderOneBook(t, fresh.auth, `Unpaid ${i}`)).order);
    const cents = (s: string) => Math.round(Number(s) * 100);
    const overview = json(await get('/api/orders/overview/', fresh.auth), CustomerOverviewResponse);
    expect(overview.spent_total).toBe(((cents(paid.total) - 100) / 100).toFixed(2));
    expect(overview.refunded_total).toBe('1.00');
    expect(overview.counts).toEqual({ open: 1, delivered: 0, canceled: 0 });
    expect(overview.unpaid.count).toBe(OVERVIEW_UNPAID_LIMIT + 1);
    expect(cents(overview.unpaid.total)).toBe(unpaid.reduce((sum, o) => sum + cents(o.total), 0));
    // A bounded list, soonest expiry first, each with the number people read and the amount to pay.
    expect(overview.unpaid.orders).toHaveLength(OVERVIEW_UNPAID_LIMIT);
    const first = defined(unpaid[0], 'the first unpaid order');
    expect(overview.unpaid.orders[0]).toEqual({
      id: first.id,
      order_number: first.order_number,
      total: first.total,
      created_at: first.created_at,
      expires_at: first.expires_at,
    });
    expect(overview.unpaid.orders.map((o) => o.id)).toEqual(
      unpaid.slice(0, OVERVIEW_UNPAID_LIMIT).map((o) => o.id),
    );
    // The number the pages write for an id is the database's.
    for (const o of overview.unpaid.orders) expect(o.order_number).toBe(orderNumberOf(o.id));
    expect(overview.last_paid_at).not.toBeNull();
  });
});
