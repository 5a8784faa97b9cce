/**
 * Order notes and the production floor (docs/decisions/0071): staff notes on an order (internal or shown to the
 * customer, no status change), the production queue (paid and in-production orders, oldest first, keyset-paged,
 * grouped by binding/trim/paper/colour, served by its partial index at 100,000 orders), the job ticket (parsed:
 * order number, checksums of the stored bytes, spine, preflight), the packing slip, a group's batch, and the files
 * under their predictable names. Orders are made through the real routes; the plan's rows straight in the table.
 */
import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  OrderNoteResponse,
  OrderNotesResponse,
  ProductionGroupsResponse,
  ProductionPage,
} from '@bindery/contracts/admin/production';
import { CustomerOrderNotesResponse } from '@bindery/contracts/store/order-notes';
import { code128Values, CODE128_PATTERNS } from '#plugins/app/production/code128.js';
import { productionQueueQuery } from '#plugins/app/production/production.repository.js';
import { planOf } from '../explain.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';
import { orderOneBook, payOrder } from '../orders-fixtures.js';

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

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth?: Record<string, string>, payload?: object) =>
  request(t, { method, url, headers: { ...auth }, ...(payload ? { payload } : {}) });

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('order notes', () => {
  it('lets staff add, edit and delete notes without moving the order; the customer sees the visible ones', async () => {
    const { order } = await orderOneBook(t, customer.auth, 'Noted book');
    const base = `/api/admin/orders/${order.id}/notes/`;

    const internal = await call('POST', base, admin.auth, { body: 'Fonts look odd on p. 3' });
    expect(internal.statusCode, internal.body).toBe(201);
    const first = json(internal, OrderNoteResponse).note;
    expect(first).toMatchObject({ body: 'Fonts look odd on p. 3', internal: true, author_name: 'Grace Staff' });

    const shown = json(await call('POST', base, admin.auth, { body: 'Printing Monday', internal: false }), OrderNoteResponse).note;
    expect(shown.internal).toBe(false);

    const edited = await call('PATCH', `${base}${first.id}/`, admin.auth, { body: 'Fonts fixed', internal: false });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json(edited, OrderNoteResponse).note).toMatchObject({ body: 'Fonts fixed', internal: false });

    const customerView = await call('GET', `/api/orders/${order.id}/notes/`, customer.auth);
    expect(customerView.statusCode, customerView.body).toBe(200);
    expect(json(customerView, CustomerOrderNotesResponse).notes.map((n) => n.body)).toEqual(['Fonts fixed', 'Printing Monday']);

    // Made internal again: gone from the customer's page.
    await call('PATCH', `${base}${shown.id}/`, admin.auth, { internal: true });
    const deleted = await call('DELETE', `${base}${first.id}/`, admin.auth);
    expect(deleted.statusCode).toBe(204);
    expect(json(await call('GET', `/api/orders/${order.id}/notes/`, customer.auth), CustomerOrderNotesResponse).notes).toEqual([]);
    expect(json(await call('GET', base, admin.auth), OrderNotesResponse).notes.map((n) => n.body)).toEqual([
      'Printing Monday',
    ]);

    // No status change, no event.
    const row = await t.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting_payment');
    const events = await t.db.selectFrom('order_events').select('id').where('order_id', '=', order.id).execute();
    expect(events).toHaveLength(1);
  });

  it('keeps the notes for staff (401, 403), the customer’s for their own order (404), and refuses bad input', async () => {
    const { order } = await orderOneBook(t, customer.auth, 'Guarded book');
    const base = `/api/admin/orders/${order.id}/notes/`;
    const note = json(await call('POST', base, admin.auth, { body: 'x' }), OrderNoteResponse).note;
    expect((await call('GET', base)).statusCode).toBe(401);
    expect((await call('GET', base, customer.auth)).statusCode).toBe(403);
    expect((await call('POST', base, customer.auth, { body: 'y' })).statusCode).toBe(403);
    expect((await call('PATCH', `${base}${note.id}/`, customer.auth, { body: 'y' })).statusCode).toBe(403);
    expect((await call('DELETE', `${base}${note.id}/`, customer.auth)).statusCode).toBe(403);
    expect((await call('GET', `/api/orders/${order.id}/notes/`, stranger.auth)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${order.id}/notes/`)).statusCode).toBe(401);
    expect((await call('POST', base, admin.auth, { body: '   ' })).statusCode).toBe(400);
    expect((await call('POST', base, admin.auth, { body: 'z'.repeat(2001) })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/orders/999999/notes/', admin.auth, { body: 'z' })).statusCode).toBe(404);
    // A note of another order is not found through this one.
    const other = await orderOneBook(t, customer.auth, 'Other book');
    expect((await call('PATCH', `/api/admin/orders/${other.order.id}/notes/${note.id}/`, admin.auth, { body: 'q' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/orders/${other.order.id}/notes/${note.id}/`, admin.auth)).statusCode).toBe(404);
  });
});

describe('the production queue, tickets and files', () => {
  it('lists paid orders oldest first, paged, with their groups and counts; unpaid ones are not there', async () => {
    const a = await orderOneBook(t, customer.auth, 'Queue A');
    const b = await orderOneBook(t, stranger.auth, 'Queue B');
    const unpaid = await orderOneBook(t, customer.auth, 'Queue unpaid');
    await payOrder(t, a.order.id);
    await payOrder(t, b.order.id);
    // a was paid first; make it clearly older.
    await t.db.updateTable('orders').set({ paid_at: new Date(Date.now() - 3_600_000) }).where('id', '=', a.order.id).execute();

    const first = await call('GET', '/api/admin/production/?limit=1', admin.auth);
    expect(first.statusCode, first.body).toBe(200);
    const p1 = json(first, ProductionPage);
    const next = defined(p1.next_cursor, 'a second page');
    const p2 = json(await call('GET', `/api/admin/production/?limit=1&cursor=${encodeURIComponent(next)}`, admin.auth), ProductionPage);
    const ids = [...p1.data, ...p2.data].map((o) => o.id);
    expect(ids).toEqual([a.order.id, b.order.id]);
    expect(p2.next_cursor).toBeNull();
    expect(ids).not.toContain(unpaid.order.id);
    const row = defined(p1.data[0], 'the oldest order');
    const book = defined(row.books[0], 'its book');
    expect(row.book_count).toBe(book.quantity);
    expect(row.page_count).toBe(book.quantity * book.page_count);
    expect(book.position).toBe(1);

    const groups = json(await call('GET', '/api/admin/production/groups/', admin.auth), ProductionGroupsResponse).groups;
    const group = defined(groups.find((g) => g.binding === book.options.binding_type), 'the books’ group');
    expect(group).toMatchObject({ orders: 2, trim: book.options.trim_size, colour: book.options.interior_color });
    expect(group.books).toBe(2 * book.quantity);
    expect(group.pages).toBe(2 * book.quantity * book.page_count);

    const filtered = json(
      await call('GET', `/api/admin/production/?binding=${encodeURIComponent(defined(book.options.binding_type, 'binding'))}`, admin.auth),
      ProductionPage,
    );
    expect(filtered.data.map((o) => o.id)).toEqual([a.order.id, b.order.id]);
    const none = json(await call('GET', '/api/admin/production/?binding=No%20such%20binding', admin.auth), ProductionPage);
    expect(none.data).toEqual([]);

    expect((await call('GET', '/api/admin/production/', customer.auth)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/production/groups/')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/production/?cursor=nonsense', admin.auth)).statusCode).toBe(400);
  });

  it('prints a job ticket with the order number, the files’ SHA-256, spine and preflight; a packing slip; a batch', async () => {
    const { order, project } = await orderOneBook(t, customer.auth, 'Ticket book');
    await payOrder(t, order.id);
    const files = await t.db
      .selectFrom('projects')
      .innerJoin('uploads', 'uploads.id', 'projects.pdf_upload_id')
      .select(['uploads.storage_key', 'uploads.sha256'])
      .where('projects.id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(files.sha256).toBeNull();
    const stored = defined(await t.app.fileStore.open(files.storage_key), 'the stored interior');
    const bytes = await buffer(stored.stream);
    const sha = createHash('sha256').update(bytes).digest('hex');

    const res = await call('GET', `/api/admin/production/${order.id}/ticket/`, admin.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(res.rawPayload));
    expect(text).toContain(order.order_number);
    expect(text).toContain(sha);
    expect(text).toContain(`${order.order_number}-1-interior.pdf`);
    expect(text).toMatch(/Spine: \d\.\d{3} in/);
    expect(text).toContain('Preflight:');
    expect(text).toContain('Due:');
    expect(text).toContain('Austin');
    // Kept on the upload after the first computation.
    const after = await t.db.selectFrom('uploads').select('sha256').where('storage_key', '=', files.storage_key).executeTakeFirstOrThrow();
    expect(after.sha256).toBe(sha);

    const slip = await call('GET', `/api/admin/production/${order.id}/packing-slip/`, admin.auth);
    expect(slip.statusCode).toBe(200);
    const slipText = await pdfText(new Uint8Array(slip.rawPayload));
    expect(slipText).toContain('PACKING SLIP');
    expect(slipText).toContain('Ticket book');

    const batch = await call('GET', '/api/admin/production/batch/', admin.auth);
    expect(batch.statusCode).toBe(200);
    expect(await pdfText(new Uint8Array(batch.rawPayload))).toContain(order.order_number);

    // The file under its predictable name: the same bytes, as a download.
    const file = await call('GET', `/api/admin/production/${order.id}/files/${order.order_number}-1-interior.pdf/`, admin.auth);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`${order.order_number}-1-interior.pdf`);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(sha);
    expect((await call('GET', `/api/admin/production/${order.id}/files/${order.order_number}-2-interior.pdf/`, admin.auth)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/production/${order.id}/files/BND-999999-1-interior.pdf/`, admin.auth)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/production/${order.id}/files/..%2Fsecret/`, admin.auth)).statusCode).toBe(400);
    for (const path of ['ticket/', 'packing-slip/', `files/${order.order_number}-1-interior.pdf/`]) {
      expect((await call('GET', `/api/admin/production/${order.id}/${path}`, customer.auth)).statusCode).toBe(403);
      expect((await call('GET', `/api/admin/production/${order.id}/${path}`)).statusCode).toBe(401);
    }
    expect((await call('GET', '/api/admin/production/999999/ticket/', admin.auth)).statusCode).toBe(404);
  });

  it('draws Code 128 B from its table: 107 patterns of 11 modules (stop 13) and the check value', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    CODE128_PATTERNS.forEach((p, i) => {
      const sum = Array.from(p).reduce((n, d) => n + Number(d), 0);
      expect(sum, `pattern ${i}`).toBe(i === 106 ? 13 : 11);
    });
    // "PJJ123C", 104 + 48·1 + 42·2 + … = 879 ≡ 55 (mod 103).
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55, 106]);
  });
});

describe('the production queue’s plan at 100,000 orders', () => {
  it('reads the oldest page, and the page after a cursor, through orders_production_queue_idx', async () => {
    const user = await createUser(t);
    await sql`
      insert into orders (user_id, status, subtotal_cents, shipping_cents, tax_cents, total_cents, tax_rate_bp,
                          tax_reason, shipping_service, address, weight_grams, created_at, paid_at, carrier,
                          tracking_number)
      select ${user.user.id},
             (array['shipped','delivered','delivered','delivered','canceled','paid','in_production','delivered'])[1 + g % 8],
             1000, 500, 0, 1500, 0, 'No tax', '{}', '{}', 500, now() - g * interval '1 minute',
             now() - g * interval '1 minute', 'DHL', 'JD'
      from generate_series(1, 100000) g
    `.execute(t.db);
    await sql`analyze orders`.execute(t.db);
    const now = new Date();
    const noSeqScan = (text: string) =>
      expect(text).not.toMatch(/"Node Type":"Seq Scan"[^}]*"Relation Name":"orders"/);

    const first = await planOf(t.db, productionQueueQuery(t.db, {}, { limit: 50, now, delayMs: 0 }));
    noSeqScan(first);
    expect(first).toContain('orders_production_queue_idx');
    const next = await planOf(
      t.db,
      productionQueueQuery(t.db, {}, { limit: 50, now, delayMs: 3_600_000, after: ['2026-01-01T00:00:00.000000Z', 5] }),
    );
    noSeqScan(next);
    expect(next).toContain('orders_production_queue_idx');
  }, 120_000);
});
