/**
 * Helpers for the project tests: upload through the real API, pick catalog ids by name from the real dropdowns,
 * create a project through upload-book, and put orders (B's and C's tables) straight into the database, since
 * the order routes are not part of these tests.
 */
import { connect, type Socket } from 'node:net';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { UploadedFile, UploadBookResponse, type UploadBookBody } from '@bindery/contracts/store/projects';
import type { DB, Db } from '#db/database.js';
import { json, request, type TestContext } from './helper.js';
import { jpegBytes, makePdf, multipartBody, pngBytes } from './pdf-fixtures.js';

export type Auth = { authorization: string };

export function upload(
  t: TestContext,
  auth: Auth | undefined,
  purpose: string,
  data: Buffer,
  name = 'book.pdf',
  type = 'application/pdf',
) {
  const body = multipartBody({ purpose }, [{ name, type, data }]);
  return request(t, {
    method: 'POST',
    url: '/api/book/uploads/',
    headers: { ...body.headers, ...auth },
    payload: body.payload,
  });
}

/**
 * POST api/book/uploads/ of a `pages`-page PDF over a real socket to the app listening on `port`: the headers and half
 * the multipart body, then nothing (the connection stays open from the client's side). The socket reads what the
 * server says (a socket nobody reads never learns that its peer has gone); the caller destroys it.
 */
export async function halfSentUpload(port: number, auth: Auth, pages: number): Promise<Socket> {
  const body = multipartBody({ purpose: 'interior' }, [{ name: 'a.pdf', data: await makePdf(pages) }]);
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => undefined);
  socket.resume();
  socket.write(
    `POST /api/book/uploads/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth.authorization}\r\n` +
      `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
  );
  socket.write(body.payload.subarray(0, body.payload.length / 2));
  return socket;
}

/** POST api/resale-certificates/: a certificate for Texas (a small PNG unless `data` is given). */
export function uploadCertificate(
  t: TestContext,
  auth: Auth,
  data = pngBytes(),
  name = 'cert.png',
  type = 'image/png',
) {
  const body = multipartBody({ state: 'TX' }, [{ field: 'file', name, type, data }]);
  return request(t, {
    method: 'POST',
    url: '/api/resale-certificates/',
    payload: body.payload,
    headers: { ...auth, ...body.headers },
  });
}

/** Uploads a real PDF of `pages` pages (6 × 9 in, or `size` in points) and returns the server's answer. */
export async function uploadPdf(
  t: TestContext,
  auth: Auth,
  pages = 40,
  purpose = 'interior',
  size?: [number, number],
): Promise<UploadedFile> {
  const res = await upload(t, auth, purpose, await makePdf(pages, { size }));
  expect(res.statusCode, res.body).toBe(201);
  return json(res, UploadedFile);
}

type Item = { id: number; name: string; trim_size_id?: number | null };

/** The id of the item named `name` in a category's dropdowns (on a trim, for per-trim bindings). */
export async function catalogId(
  t: TestContext,
  slug: string,
  key: string,
  name: string,
  trimId?: number,
): Promise<number> {
  const res = await request(t, { method: 'GET', url: `/api/${slug}/dropdowns/` });
  const found = (res.data as Record<string, Item[]>)[key]?.find(
    (i) => i.name === name && (trimId === undefined || i.trim_size_id === trimId),
  );
  if (!found) throw new Error(`no ${name} in ${slug} ${key}`);
  return found.id;
}

/** A complete Print Book configuration: US Trade, the given binding, Standard Color, 60# White-Uncoated, Matte. */
export async function printBookConfiguration(t: TestContext, binding = 'Perfect Bound') {
  const trim = await catalogId(t, 'calculator', 'trim_sizes', 'US Trade');
  return {
    trim_size_id: trim,
    binding_id: await catalogId(t, 'calculator', 'bindings', binding, trim),
    interior_color_id: await catalogId(t, 'calculator', 'interior_colors', 'Standard Color'),
    paper_type_id: await catalogId(t, 'calculator', 'paper_types', '60# White-Uncoated'),
    cover_finish_id: await catalogId(t, 'calculator', 'cover_finishes', 'Matte'),
  };
}

export function uploadBook(
  t: TestContext,
  auth: Auth | undefined,
  payload: UploadBookBody | Record<string, unknown>,
) {
  return request(t, {
    method: 'POST',
    url: '/api/book/upload-book/',
    headers: { ...auth },
    payload,
  });
}

/** A priced Print Book project with a fresh PDF of `pages` pages; returns the created project. */
export async function createPrintBook(
  t: TestContext,
  auth: Auth,
  overrides: Partial<UploadBookBody> = {},
  pages = 40,
) {
  const pdf = await uploadPdf(t, auth, pages);
  const res = await uploadBook(t, auth, {
    title: 'My Book',
    category: 'Print Book',
    language: 'english',
    pdf_upload_id: pdf.id,
    configuration: await printBookConfiguration(t),
    quantity: 1,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, UploadBookResponse).project;
}

/** An e Book project through upload-book (ADR 0034): a real PDF (`pdfBytes`, default 24 blank pages), a JPEG cover. */
export async function createEbook(t: TestContext, auth: Auth, title = 'My E-Book', pdfBytes?: Buffer) {
  const pdf = await upload(t, auth, 'interior', pdfBytes ?? (await makePdf(24)));
  expect(pdf.statusCode, pdf.body).toBe(201);
  const cover = await upload(t, auth, 'cover', jpegBytes(), 'front.jpg', 'image/jpeg');
  expect(cover.statusCode, cover.body).toBe(201);
  const res = await uploadBook(t, auth, {
    title,
    category: 'e Book',
    pdf_upload_id: json(pdf, UploadedFile).id,
    cover_upload_id: json(cover, UploadedFile).id,
    quantity: 1,
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, UploadBookResponse).project;
}

type OrderStatus = 'awaiting_payment' | 'paid' | 'in_production' | 'shipped' | 'delivered' | 'canceled';

/** An order holding these projects, inserted directly (the checkout routes are another engineer's). */
export async function insertOrder(
  t: TestContext,
  userId: number,
  projectIds: number[],
  status: OrderStatus,
  db: Db = t.db,
) {
  const order = await db
    .insertInto('orders')
    .values({
      user_id: userId,
      status,
      subtotal_cents: 1000,
      shipping_cents: 500,
      tax_cents: 0,
      total_cents: 1500,
      tax_rate_bp: 0,
      tax_reason: 'No tax applicable',
      shipping_service: JSON.stringify({ service_name: 'Ground' }),
      address: JSON.stringify({ country: 'US' }),
      weight_grams: 500,
      // A shipped order has a carrier and tracking number (a check constraint of the orders table).
      ...(status === 'shipped' || status === 'delivered'
        ? { carrier: 'FedEx', tracking_number: '7700 0000 0001' }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const projectId of projectIds) {
    await db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        project_id: projectId,
        title: 'snapshot',
        category: 'Print Book',
        quantity: 1,
        cost_per_book_cents: 1000,
        discount_cents: 0,
        line_total_cents: 1000,
      })
      .execute();
  }
  return order.id;
}

export async function orderStatus(t: TestContext, id: number) {
  return (await t.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;
}

/**
 * Projects of one customer put straight into the database (with their interior uploads), for list tests that need
 * many: `titles[i]` / `categories[i]`, the first one the oldest, a minute apart.
 */
export async function insertProjects(
  db: Kysely<DB>,
  userId: number,
  rows: readonly { title: string; category: string }[],
): Promise<number[]> {
  const tag = `${userId}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await sql`
    insert into uploads (id, user_id, purpose, file_name, content_type, size_bytes, page_count, storage_key, attached_at)
    select gen_random_uuid(), ${userId}, 'interior', 'book.pdf', 'application/pdf', 1000, 24,
           ${`bulk/${tag}/`} || g, now()
    from generate_series(1, ${rows.length}::int) g`.execute(db);
  const inserted = await sql<{ id: number }>`
    insert into projects (user_id, title, category, page_count, options, pdf_upload_id, created_at)
    select ${userId}, r.title, r.category, 24, '{}'::jsonb, u.id, now() - (${rows.length}::int - r.n) * interval '1 minute'
    from unnest(${rows.map((r) => r.title)}::text[], ${rows.map((r) => r.category)}::text[])
           with ordinality as r(title, category, n)
    join uploads u on u.storage_key = ${`bulk/${tag}/`} || r.n
    order by r.n
    returning id`.execute(db);
  return inserted.rows.map((r) => r.id);
}

/** `count` projects of one customer generated by the database (list plans and benchmarks): 'Bulk book {n}'. */
export async function insertBulkProjects(db: Kysely<DB>, userId: number, count: number): Promise<void> {
  const tag = `${userId}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await sql`
    insert into uploads (id, user_id, purpose, file_name, content_type, size_bytes, page_count, storage_key, attached_at)
    select gen_random_uuid(), ${userId}, 'interior', 'book.pdf', 'application/pdf', 1000, 24,
           ${`bulk/${tag}/`} || g, now()
    from generate_series(1, ${count}::int) g`.execute(db);
  await sql`
    insert into projects (user_id, title, category, page_count, options, pdf_upload_id, created_at)
    select ${userId}, 'Bulk book ' || g,
           (array['Print Book','Photo Book','Comic Book','Magazine','Year Book','Calender','e Book'])[1 + g % 7],
           24, '{}'::jsonb, u.id, now() - g * interval '1 second'
    from generate_series(1, ${count}::int) g
    join uploads u on u.storage_key = ${`bulk/${tag}/`} || g`.execute(db);
}
