/**
 * Proof copies (docs/decisions/0078): POST api/book/{id}/proof/ makes one copy of a saved book a draft priced at
 * the single-copy price (whatever the book's saved run), checkout charges that and writes a proof line, the job
 * ticket and the packing slip say "PROOF — not for resale", the queue and the admin detail show it, and the owner
 * approves the proof of a shipped order once (an event on the timeline, the book stamped).
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { AdminOrderResponse } from '@bindery/contracts/admin/orders';
import { ProductionPage } from '@bindery/contracts/admin/production';
import { CalculateResponse } from '@bindery/contracts/store/catalog';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { ProofResponse } from '@bindery/contracts/store/proofs';
import { Project, UploadBookResponse } from '@bindery/contracts/store/projects';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';
import { payOrder, placeOrder } from '../orders-fixtures.js';
import { createEbook, createPrintBook, printBookConfiguration, uploadBook } from '../projects.js';

const t = setupTestApp();
const p = messages.proofs;

type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;
let customer: User;
let stranger: User;

beforeAll(async () => {
  admin = await createUser(t, { is_admin: true, name: 'Grace Staff' });
  customer = await createUser(t, { name: 'Ada Reader' });
  stranger = await createUser(t, { name: 'Bob Other' });
});

const call = (method: 'GET' | 'POST', url: string, auth?: Record<string, string>, payload?: object) =>
  request(t, { method, url, headers: { ...auth }, ...(payload ? { payload } : {}) });
const orderProof = (bookId: number, auth = customer.auth) => call('POST', `/api/book/${bookId}/proof/`, auth);
const approve = (orderId: number, projectId: number, auth = customer.auth) =>
  call('POST', `/api/orders/${orderId}/approve-proof/`, auth, { project_id: projectId });
const move = (orderId: number, body: object) =>
  call('POST', `/api/admin/orders/${orderId}/status/`, admin.auth, body);

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

/** The public calculator's price of the test Print Book at a quantity. */
async function priceOf(quantity: number) {
  const res = await call('POST', '/api/calculator/calculate/', undefined, {
    ...(await printBookConfiguration(t)),
    page_count: 40,
    quantity,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, CalculateResponse);
}

/** A book saved for a large run, its proof draft, and that proof ordered and paid. */
async function paidProof(title: string) {
  const book = await createPrintBook(t, customer.auth, { title, quantity: 500 });
  const res = await orderProof(book.id);
  expect(res.statusCode, res.body).toBe(201);
  const proof = json(res, ProofResponse).project;
  const order = await placeOrder(t, customer.auth, [proof.id]);
  await payOrder(t, order.id);
  return { book, proof, order };
}

async function ship(orderId: number) {
  for (const body of [
    { status: 'in_production' },
    { status: 'shipped', carrier: 'FedEx', tracking_number: '7700 1234 5678' },
  ]) {
    const res = await move(orderId, body);
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe('POST api/book/{id}/proof/', () => {
  it('makes a one-copy draft at the single-copy price even for a book saved at 500 copies', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Big Run', quantity: 500 });
    // The book itself earns the 10 % tier; its proof must not.
    expect(defined(book.price, 'book price').discount_percent).toBe(10);
    const single = await priceOf(1);

    const res = await orderProof(book.id);
    expect(res.statusCode, res.body).toBe(201);
    const { message, project } = json(res, ProofResponse);
    expect(message).toBe(p.ordered);
    expect(project).toMatchObject({ title: 'Big Run', quantity: 1, status: 'draft', proof_of: book.id });
    expect(project.price).toMatchObject({
      cost_per_book: single.cost_per_book,
      total_cost: single.total_cost,
    });
    expect(project.pdf_upload_id).toBe(book.pdf_upload_id);

    // Asking again answers the open proof draft, not a second one.
    const again = await orderProof(book.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again, ProofResponse)).toMatchObject({
      message: p.alreadyInCart,
      project: { id: project.id },
    });
  });

  it('orders the proof at one copy and the single-copy price; the order line is a proof', async () => {
    const { order } = await paidProof('Checked Out');
    const single = await priceOf(1);
    const [line] = order.items;
    expect(line).toMatchObject({
      quantity: 1,
      cost_per_book: single.cost_per_book,
      line_total: single.total_cost,
      discount_amount: '0.00',
      proof: { approved_at: null, copies: 500 },
    });
    expect(order.subtotal).toBe(single.total_cost);
  });

  it('keeps a proof at one copy: upload-book refuses another quantity, and so does the table', async () => {
    const book = await createPrintBook(t, customer.auth, { title: 'Forced', quantity: 250 });
    const proof = json(await orderProof(book.id), ProofResponse).project;
    // The quantity cannot be changed through upload-book …
    const edit = await uploadBook(t, customer.auth, {
      project_id: proof.id,
      title: proof.title,
      category: 'Print Book',
      language: 'english',
      pdf_upload_id: proof.pdf_upload_id,
      configuration: await printBookConfiguration(t),
      quantity: 250,
    });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(json(edit, ErrorBody)).toMatchObject({
      error: p.quantityFixed,
      fields: [{ path: 'body.quantity' }],
    });
    // … nor in the table (its CHECK).
    await expect(
      t.db.updateTable('projects').set({ quantity: 250 }).where('id', '=', proof.id).execute(),
    ).rejects.toThrow(/projects_proof_one_copy/);
    const kept = await uploadBook(t, customer.auth, {
      project_id: proof.id,
      title: 'Forced (renamed)',
      category: 'Print Book',
      language: 'english',
      pdf_upload_id: proof.pdf_upload_id,
      configuration: await printBookConfiguration(t),
      quantity: 1,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(json(kept, UploadBookResponse).project).toMatchObject({ quantity: 1, proof_of: book.id });
  });

  it('refuses an e-book, a proof of a proof, and another customer’s book', async () => {
    const ebook = await createEbook(t, customer.auth, 'Digital');
    const refused = await orderProof(ebook.id);
    expect(refused.statusCode).toBe(400);
    expect(json(refused, ErrorBody)).toMatchObject({ error: p.notForEbook, code: 'PROOF_NOT_PRINTED' });

    const book = await createPrintBook(t, customer.auth, { title: 'Twice' });
    const proof = json(await orderProof(book.id), ProofResponse).project;
    const ofProof = await orderProof(proof.id);
    expect(ofProof.statusCode).toBe(400);
    expect(json(ofProof, ErrorBody).error).toBe(p.notOfAProof);

    expect((await orderProof(book.id, stranger.auth)).statusCode).toBe(404);
  });
});

describe('the production floor', () => {
  it('prints PROOF on the job ticket and the packing slip; the queue and the admin detail show it', async () => {
    const { order } = await paidProof('Floor Proof');
    const normal = await createPrintBook(t, customer.auth, { title: 'Normal Book', quantity: 3 });
    const mixed = await placeOrder(t, customer.auth, [normal.id]);
    await payOrder(t, mixed.id);

    const ticket = await call('GET', `/api/admin/production/${order.id}/ticket/`, admin.auth);
    expect(ticket.statusCode, ticket.body).toBe(200);
    const text = await pdfText(ticket.rawPayload);
    expect(text).toContain('PROOF — not for resale');
    const plain = await call('GET', `/api/admin/production/${mixed.id}/ticket/`, admin.auth);
    expect(await pdfText(plain.rawPayload)).not.toContain('PROOF');

    const slip = await call('GET', `/api/admin/production/${order.id}/packing-slip/`, admin.auth);
    expect(await pdfText(slip.rawPayload)).toContain('PROOF — not for resale');

    const queue = json(await call('GET', '/api/admin/production/?limit=100', admin.auth), ProductionPage);
    const row = defined(
      queue.data.find((o) => o.id === order.id),
      'the proof order in the queue',
    );
    expect(row).toMatchObject({ proof_count: 1, books: [{ proof: true, quantity: 1 }] });
    expect(
      defined(
        queue.data.find((o) => o.id === mixed.id),
        'the plain order',
      ),
    ).toMatchObject({
      proof_count: 0,
      books: [{ proof: false }],
    });

    const detail = json(await call('GET', `/api/admin/orders/${order.id}/`, admin.auth), AdminOrderResponse);
    expect(defined(detail.order.items[0], 'item').proof).toMatchObject({ approved_at: null });
  });
});

describe('POST api/orders/{id}/approve-proof/', () => {
  it('approves a shipped proof once: an event on the timeline, the book stamped', async () => {
    const { book, proof, order } = await paidProof('Approve Me');
    // Not before it shipped.
    const early = await approve(order.id, proof.id);
    expect(early.statusCode).toBe(409);
    expect(json(early, ErrorBody)).toMatchObject({ error: p.notYetArrived, code: 'PROOF_NOT_SHIPPED' });

    await ship(order.id);
    // Not by another customer (their view: no such order).
    expect((await approve(order.id, proof.id, stranger.auth)).statusCode).toBe(404);

    const res = await approve(order.id, proof.id);
    expect(res.statusCode, res.body).toBe(200);
    const approved = json(res, OrderResponse).order;
    expect(approved.status).toBe('shipped');
    const item = defined(approved.items[0], 'item');
    expect(item.proof).toMatchObject({
      book_id: book.id,
      copies: 500,
      approved_at: expect.any(String) as string,
    });
    expect(approved.timeline.at(-1)).toMatchObject({
      status: 'shipped',
      note: p.approvedEvent('Approve Me'),
    });

    const bookNow = json(await call('GET', `/api/book/${book.id}/`, customer.auth), Project);
    expect(bookNow.proof_approved_at).toBe(item.proof?.approved_at);

    // Only once.
    const twice = await approve(order.id, proof.id);
    expect(twice.statusCode).toBe(409);
    expect(json(twice, ErrorBody)).toMatchObject({
      error: p.alreadyApproved,
      code: 'PROOF_ALREADY_APPROVED',
    });
    const events = await t.db
      .selectFrom('order_events')
      .select('note')
      .where('order_id', '=', order.id)
      .where('note', '=', p.approvedEvent('Approve Me'))
      .execute();
    expect(events).toHaveLength(1);

    // The book is still a draft at its own run: "Order copies" puts it in the cart at 500.
    expect(bookNow).toMatchObject({ status: 'draft', quantity: 500 });
  });

  it('refuses a line that is not a proof', async () => {
    const normal = await createPrintBook(t, customer.auth, { title: 'Not a proof' });
    const order = await placeOrder(t, customer.auth, [normal.id]);
    await payOrder(t, order.id);
    await ship(order.id);
    const res = await approve(order.id, normal.id);
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody)).toMatchObject({ error: p.notAProof, fields: [{ path: 'body.project_id' }] });
  });

  it('survives the account’s deletion: the never-ordered book goes, the paid proof stays without it', async () => {
    const leaving = await createUser(t, { name: 'Leaving Reader' });
    const book = await createPrintBook(t, leaving.auth, { title: 'Gone Book', quantity: 50 });
    const proof = json(await orderProof(book.id, leaving.auth), ProofResponse).project;
    const order = await placeOrder(t, leaving.auth, [proof.id]);
    await payOrder(t, order.id);
    const res = await request(t, {
      method: 'DELETE',
      url: '/api/users/me/',
      headers: leaving.auth,
      payload: { password: leaving.password },
    });
    expect(res.statusCode, res.body).toBe(204);
    const rows = await t.db
      .selectFrom('projects')
      .select(['id', 'proof_of'])
      .where('id', 'in', [book.id, proof.id])
      .execute();
    expect(rows).toEqual([{ id: proof.id, proof_of: null }]);
    const detail = json(await call('GET', `/api/admin/orders/${order.id}/`, admin.auth), AdminOrderResponse);
    expect(defined(detail.order.items[0], 'item').proof).toEqual({
      book_id: null,
      copies: null,
      approved_at: null,
    });
  });
});
