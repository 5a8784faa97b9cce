/**
 * POST api/orders/{id}/reorder/ (docs/decisions/0020): a paid order's books again as new draft projects on the
 * same uploaded files (nothing uploaded again), priced at today's catalog, orderable through checkout; and the
 * files stay while any project still uses them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { CalculateResponse } from '@bindery/contracts/store/catalog';
import { ReorderResponse } from '@bindery/contracts/store/orders';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';
import { createPhotoBook, orderOneBook, payOrder, placeOrder } from '../orders-fixtures.js';
import { createPrintBook, printBookConfiguration, uploadBook, uploadPdf } from '../projects.js';

const t = setupTestApp();

type User = Awaited<ReturnType<typeof createUser>>;
let customer: User;
let stranger: User;

beforeAll(async () => {
  customer = await createUser(t, { name: 'Ada Reader' });
  stranger = await createUser(t);
});

const reorder = (id: number, payload?: unknown, auth = customer.auth) =>
  request(t, {
    method: 'POST',
    url: `/api/orders/${id}/reorder/`,
    headers: auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const countUploads = async () =>
  Number(
    (
      await t.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const projectRow = (id: number) =>
  t.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The server's price of a Print Book configuration at a quantity (the public calculator). */
async function priceOf(quantity: number, pages = 40) {
  const res = await request(t, {
    method: 'POST',
    url: '/api/calculator/calculate/',
    payload: { ...(await printBookConfiguration(t)), page_count: pages, quantity },
  });
  expect(res.statusCode, res.body).toBe(200);
  const quote = json(res, CalculateResponse);
  return { cost_per_book: quote.cost_per_book, total_cost: quote.total_cost };
}

describe('POST api/orders/{id}/reorder/', () => {
  it('makes new draft projects on the same files, at the copies ordered, priced now', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Novel', quantity: 3 });
    const { project: album } = await createPhotoBook(t, customer.auth, 'Album');
    const order = await placeOrder(t, customer.auth, [book.id, album.id]);
    await payOrder(t, order.id);
    const uploadsBefore = await countUploads();

    const res = await reorder(order.id);
    expect(res.statusCode, res.body).toBe(201);
    const { message, projects } = json(res, ReorderResponse);
    expect(message).toBe(messages.orders.reordered);
    expect(projects.map((p) => [p.title, p.category, p.quantity, p.status])).toEqual([
      ['Novel', 'Print Book', 3, 'draft'],
      ['Album', 'Photo Book', 2, 'draft'],
    ]);
    expect(projects.map((p) => p.id)).not.toContain(book.id);
    expect(defined(projects[0], 'projects[0]').price).toMatchObject(await priceOf(3));
    expect(defined(projects[1], 'projects[1]').options.extras).toHaveProperty('Spine');
    expect(defined(projects[1], 'projects[1]').cover_expert).toMatchObject({ book_title: 'Album' });

    // The very same uploads: no new file, nothing to upload again.
    expect(await countUploads()).toBe(uploadsBefore);
    const [copy, original] = await Promise.all([
      projectRow(defined(projects[0], 'projects[0]').id),
      projectRow(book.id),
    ]);
    expect(copy.pdf_upload_id).toBe(original.pdf_upload_id);
    const file = await request(t, {
      method: 'GET',
      url: defined(projects[0], 'projects[0]').pdf_file.url,
      headers: customer.auth,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The originals stay ordered; the copies go through checkout like any book.
    expect((await projectRow(book.id)).status).toBe('ordered');
    const again = await placeOrder(
      t,
      customer.auth,
      projects.map((p) => p.id),
    );
    expect(again.items.map((i) => [i.title, i.quantity])).toEqual([
      ['Novel', 3],
      ['Album', 2],
    ]);
  });

  it('takes the books and copies the customer chose, and refuses a book that is not in the order', async () => {
    const { order, project } = await orderOneBook(t, customer.auth, 'Chosen');
    await payOrder(t, order.id);
    const res = await reorder(order.id, { items: [{ project_id: project.id, quantity: 250 }] });
    expect(res.statusCode, res.body).toBe(201);
    const [copy] = json(res, ReorderResponse).projects;
    expect(copy).toMatchObject({ title: 'Chosen', quantity: 250 });
    expect(defined(copy, 'copy').price).toMatchObject(await priceOf(250));

    const other = await createPrintBook(t, customer.auth, { title: 'Not in it' });
    const refused = await reorder(order.id, { items: [{ project_id: other.id, quantity: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.data).toMatchObject({
      error: messages.orders.reorderItemNotInOrder,
      fields: [{ path: 'body.items.0.project_id', message: messages.orders.reorderItemNotInOrder }],
    });
    expect((await reorder(order.id, { items: [{ project_id: project.id, quantity: 0 }] })).statusCode).toBe(
      400,
    );
    expect((await reorder(order.id, { items: [], price: '1.00' })).statusCode).toBe(400);
  });

  it('refuses an order that was never paid (409), another customer’s and an unknown one (404)', async () => {
    const { order } = await orderOneBook(t, customer.auth, 'Unpaid');
    const unpaid = await reorder(order.id, {});
    expect(unpaid.statusCode).toBe(409);
    expect(json(unpaid, ErrorBody).error).toBe(messages.orders.notReorderable);
    await payOrder(t, order.id);
    expect((await reorder(order.id, {}, stranger.auth)).statusCode).toBe(404);
    expect((await reorder(999_999, {})).statusCode).toBe(404);
  });

  it('keeps a shared file when one of its projects is deleted or edited onto another file', async () => {
    const { order, project } = await orderOneBook(t, customer.auth, 'Shared');
    await payOrder(t, order.id);
    const [first] = json(await reorder(order.id, {}), ReorderResponse).projects;
    const [second] = json(await reorder(order.id, {}), ReorderResponse).projects;
    const shared = (await projectRow(project.id)).pdf_upload_id;

    // Delete one copy: the file is still the original's and the other copy's.
    const deleted = await request(t, {
      method: 'DELETE',
      url: `/api/book/${defined(first, 'first').id}/delete/`,
      headers: customer.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Edit the other copy onto a new PDF: the shared upload must not be removed with the replaced one.
    const pdf = await uploadPdf(t, customer.auth, 48);
    const edited = await uploadBook(t, customer.auth, {
      project_id: defined(second, 'second').id,
      title: 'Shared, new edition',
      category: 'Print Book',
      pdf_upload_id: pdf.id,
      configuration: await printBookConfiguration(t),
    });
    expect(edited.statusCode, edited.body).toBe(200);

    expect(
      await t.db.selectFrom('uploads').select('id').where('id', '=', shared).executeTakeFirst(),
    ).toBeDefined();
    for (const url of [`/api/book/${project.id}/files/pdf/`]) {
      const file = await request(t, { method: 'GET', url, headers: customer.auth });
      expect(file.statusCode, url).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });
});
