/**
 * E-books end to end on the real API (docs/decisions/0034): an e Book project is its interior PDF and
 * its cover, priced at the catalog's flat fee (which staff edit), checked out with nothing to ship, paid like any
 * order, delivered at payment, and its files downloadable from the order by its customer (or staff) only once paid.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { OrderResponse, ShippingRateResponse } from '@bindery/contracts/store/checkout';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';
import { ADDRESS, payOrder, placeOrder } from '../orders-fixtures.js';
import { jpegBytes, makePdf } from '../pdf-fixtures.js';
import {
  createEbook as createEbookWith,
  createPrintBook,
  upload,
  uploadBook,
  type Auth,
} from '../projects.js';

const t = setupTestApp();
let customer: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  customer = await createUser(t);
  other = await createUser(t);
  admin = await createUser(t, { is_admin: true });
});

const TX = {
  country: ADDRESS.country,
  state: ADDRESS.state,
  city: ADDRESS.city,
  postal_code: ADDRESS.postal_code,
  account_type: 'individual',
  has_resale_cert: false,
};

async function uploadFile(auth: Auth, purpose: 'interior' | 'cover', data: Buffer) {
  const res =
    purpose === 'interior'
      ? await upload(t, auth, 'interior', data)
      : await upload(t, auth, 'cover', data, 'front.jpg', 'image/jpeg');
  expect(res.statusCode, res.body).toBe(201);
  return res.data as { id: string; page_count: number | null };
}

const createEbook = (auth: Auth, title?: string, pdfBytes?: Buffer) =>
  createEbookWith(t, auth, title, pdfBytes);

async function flatFee(): Promise<{ id: number; price: string }> {
  const res = await request(t, { method: 'GET', url: '/api/ebook/dropdowns/' });
  expect(res.statusCode).toBe(200);
  const fees = res.json<{ flat_fees: { id: number; price: string }[] }>().flat_fees;
  expect(fees).toHaveLength(1);
  return defined(fees[0], 'the e Book flat fee');
}

async function setFee(price: string) {
  const fee = await flatFee();
  const res = await request(t, {
    method: 'PUT',
    url: `/api/ebook/flat-fee/${fee.id}/update/`,
    payload: { price },
    headers: admin.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const rate = (auth: Auth, projectIds: number[]) =>
  request(t, {
    method: 'POST',
    url: '/api/shipping-rate/',
    headers: auth,
    payload: { ...TX, project_ids: projectIds },
  });

const place = (auth: Auth, projectIds: number[], service: string) => placeOrder(t, auth, projectIds, service);

const download = (auth: Auth, path: string) => t.app.inject({ method: 'GET', url: path, headers: auth });

describe('an e Book project', () => {
  it('is its PDF and its cover, priced at the catalog’s flat fee whatever its pages', async () => {
    await setFee('9.99');
    const small = await createEbook(customer.auth, 'Short');
    const long = await createEbook(customer.auth, 'Long', await makePdf(300, { blank: true }));
    expect(small.price?.total_cost).toBe('9.99');
    expect(long.price?.total_cost).toBe('9.99');
    expect(long.page_count).toBe(300);
  });

  it('needs a cover, one copy and no print options', async () => {
    const pdf = await uploadFile(customer.auth, 'interior', await makePdf(12, { blank: true }));
    const cover = await uploadFile(customer.auth, 'cover', jpegBytes());
    const base = { title: 'E', category: 'e Book', pdf_upload_id: pdf.id, cover_upload_id: cover.id };
    const noCover = await uploadBook(t, customer.auth, { ...base, cover_upload_id: null });
    expect(noCover.statusCode).toBe(400);
    expect(json(noCover, ErrorBody).error).toBe('An e-book needs its cover: upload a cover image.');
    expect((await uploadBook(t, customer.auth, { ...base, quantity: 2 })).statusCode).toBe(400);
    const configured = await uploadBook(t, customer.auth, { ...base, configuration: { binding_id: 1 } });
    expect(configured.statusCode).toBe(400);
  });

  it('is quoted at the fee staff set, from the next quote on', async () => {
    await setFee('9.99');
    const book = await createEbook(customer.auth);
    expect(ShippingRateResponse.parse((await rate(customer.auth, [book.id])).data).subtotal).toBe('9.99');
    await setFee('14.50');
    const after = ShippingRateResponse.parse((await rate(customer.auth, [book.id])).data);
    expect(after.subtotal).toBe('14.50');
    expect((await createEbook(customer.auth)).price?.total_cost).toBe('14.50');
    await setFee('9.99');
  });
});

describe('checking out e-books', () => {
  it('charges no shipping: one digital delivery service, nothing weighed, tax on the books alone', async () => {
    await setFee('9.99');
    const book = await createEbook(customer.auth);
    const res = await rate(customer.auth, [book.id]);
    expect(res.statusCode, res.body).toBe(200);
    const quote = ShippingRateResponse.parse(res.data);
    expect(quote).toMatchObject({
      shipping_rate: '0.00',
      service_code: 'digital',
      weight_grams: 0,
      subtotal: '9.99',
    });
    expect(quote.available_services.map((s) => s.service_code)).toEqual(['digital']);
    // The customer's first order: the first-print discount, 10 % of $9.99 = $1.00 (ADR 0033); Texas 8.25% on
    // the $8.99 charged = $0.74 (half-up).
    expect(quote.discount).toBe('1.00');
    expect(quote.tax).toBe('0.74');
    expect(quote.total).toBe('9.73');

    const order = await place(customer.auth, [book.id], 'digital');
    expect(order).toMatchObject({
      shipping: '0.00',
      subtotal: '9.99',
      discount: '1.00',
      tax: '0.74',
      total: '9.73',
    });
    expect(order.shipping_service.service_code).toBe('digital');
    // A carrier's service is no service for a cart with nothing to ship.
    const wrong = await request(t, {
      method: 'POST',
      url: '/api/save-shipping/',
      headers: customer.auth,
      payload: { user_address: ADDRESS, project_ids: [book.id], selected_service: 'FEDEX_GROUND' },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('asks no phone for e-books alone (and keeps none), speaks of the billing address; a parcel still needs one', async () => {
    const { phone_number: _phone, ...billing } = ADDRESS;
    const save = (auth: Auth, projectIds: number[], service: string, address: object) =>
      request(t, {
        method: 'POST',
        url: '/api/save-shipping/',
        headers: auth,
        payload: { user_address: address, project_ids: projectIds, selected_service: service },
      });
    const buyer = await createUser(t);
    const book = await createEbook(buyer.auth);
    const outOfState = { ...TX, state: 'CA', city: 'Sacramento', postal_code: '95814' };
    const quote = ShippingRateResponse.parse(
      (
        await request(t, {
          method: 'POST',
          url: '/api/shipping-rate/',
          headers: buyer.auth,
          payload: { ...outOfState, project_ids: [book.id] },
        })
      ).data,
    );
    expect(quote.tax_reason).toBe('Individual account - no tax for an out-of-state billing address');

    const saved = await save(buyer.auth, [book.id], 'digital', { ...billing, ...outOfState });
    expect(saved.statusCode, saved.body).toBe(201);
    const order = OrderResponse.parse(saved.data).order;
    expect(order.address.phone_number).toBeUndefined();
    expect(order.tax_reason).toBe('Individual account - no tax for an out-of-state billing address');
    // A phone sent anyway is not kept: nothing goes to a carrier.
    const other = await createEbook(buyer.auth);
    const withPhone = OrderResponse.parse(
      (await save(buyer.auth, [other.id], 'digital', ADDRESS)).data,
    ).order;
    expect(withPhone.address.phone_number).toBeUndefined();

    const printed = await createPrintBook(t, buyer.auth, { title: 'Paper' });
    const service = ShippingRateResponse.parse((await rate(buyer.auth, [printed.id])).data).service_code;
    const refused = await save(buyer.auth, [printed.id], service, billing);
    expect(refused.statusCode).toBe(400);
    expect(json(refused, ErrorBody).fields).toEqual([
      { path: 'body.user_address.phone_number', message: messages.checkout.phoneRequired },
    ]);
  });

  it('ships only the printed books of a mixed cart, weighed as if alone', async () => {
    const printed = await createPrintBook(t, customer.auth, { title: 'Paper' });
    const ebook = await createEbook(customer.auth);
    const alone = ShippingRateResponse.parse((await rate(customer.auth, [printed.id])).data);
    const mixed = ShippingRateResponse.parse((await rate(customer.auth, [printed.id, ebook.id])).data);
    expect(mixed.weight_grams).toBe(alone.weight_grams);
    expect(mixed.shipping_rate).toBe(alone.shipping_rate);
    expect(mixed.service_code).not.toBe('digital');
    expect(Number(mixed.subtotal)).toBeCloseTo(Number(alone.subtotal) + 9.99, 2);

    const order = await place(customer.auth, [printed.id, ebook.id], mixed.service_code);
    await payOrder(t, order.id);
    const paid = OrderResponse.parse(
      (await request(t, { method: 'GET', url: `/api/orders/${order.id}/`, headers: customer.auth })).data,
    ).order;
    // Printed books go to production: the order stays paid; the e-book's files are there already.
    expect(paid.status).toBe('paid');
    expect(paid.items.find((i) => i.project_id === printed.id)?.downloads).toBeNull();
    expect(paid.items.find((i) => i.project_id === ebook.id)?.downloads?.pdf).toBe(
      `/api/orders/${order.id}/downloads/${ebook.id}/pdf/`,
    );
  });
});

describe('downloading an e-book', () => {
  it('is refused before payment, then delivered at payment and served to its customer and staff only', async () => {
    const pdfBytes = await makePdf(16, { blank: true });
    const book = await createEbook(customer.auth, 'Download Me', pdfBytes);
    const order = await place(customer.auth, [book.id], 'digital');
    expect(order.items[0]?.downloads).toBeNull();
    const pdfPath = `/api/orders/${order.id}/downloads/${book.id}/pdf/`;
    const coverPath = `/api/orders/${order.id}/downloads/${book.id}/cover/`;

    const early = await download(customer.auth, pdfPath);
    expect(early.statusCode).toBe(403);
    expect(json(early, ErrorBody).error).toBe('Your files can be downloaded once the order is paid.');

    await payOrder(t, order.id);
    const paid = OrderResponse.parse(
      (await request(t, { method: 'GET', url: `/api/orders/${order.id}/`, headers: customer.auth })).data,
    ).order;
    expect(paid.status).toBe('delivered');
    expect(paid.timeline.map((e) => e.status)).toEqual(['awaiting_payment', 'paid', 'delivered']);
    expect(paid.timeline.at(-1)?.note).toBe('Your e-book files are ready: download them from this page.');
    expect(paid.items[0]?.downloads).toEqual({ pdf: pdfPath, cover: coverPath });
    const events = await t.db
      .selectFrom('order_events')
      .select(['from_status', 'to_status', 'actor_type'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(events.at(-1)).toEqual({ from_status: 'paid', to_status: 'delivered', actor_type: 'system' });
    // Its mails speak of downloads: nothing goes to print, nothing is shipped (no shipping line on the receipt).
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'text_body'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.kind)).toEqual(['order_placed', 'order_paid']);
    expect(mails[0]?.text_body).toContain('Your e-book files can be downloaded once it is paid.');
    expect(mails[1]?.text_body).toContain('Your e-book files are ready');
    for (const m of mails) expect(m.text_body).not.toMatch(/print|shipping|ship\b/i);

    const pdf = await download(customer.auth, pdfPath);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; /);
    expect(Buffer.compare(pdf.rawPayload, pdfBytes)).toBe(0);
    const cover = await download(customer.auth, coverPath);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(cover.rawPayload, jpegBytes())).toBe(0);

    // Another customer learns nothing (404, as for any order not theirs); staff may download; nobody anonymous.
    expect((await download(other.auth, pdfPath)).statusCode).toBe(404);
    expect((await download(admin.auth, pdfPath)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: pdfPath })).statusCode).toBe(401);
  });

  it('is not offered for a printed book of the order, nor for a book not in it', async () => {
    const printed = await createPrintBook(t, customer.auth, { title: 'Paper Only' });
    const order = await place(customer.auth, [printed.id], 'FEDEX_GROUND');
    await payOrder(t, order.id);
    expect(
      (await download(customer.auth, `/api/orders/${order.id}/downloads/${printed.id}/pdf/`)).statusCode,
    ).toBe(404);
    expect((await download(customer.auth, `/api/orders/${order.id}/downloads/999999/pdf/`)).statusCode).toBe(
      404,
    );
    const after = OrderResponse.parse(
      (await request(t, { method: 'GET', url: `/api/orders/${order.id}/`, headers: customer.auth })).data,
    ).order;
    expect(after.status).toBe('paid');
  });
});
