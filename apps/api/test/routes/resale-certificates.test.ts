/**
 * Resale certificates end to end on the real app and database (docs/decisions/0032): the customer's
 * upload (file facts from the bytes, refusals, the pending bound), their list, the admin's queue, file, approve
 * and reject (once, guarded by status, audited, mailed), and the tax: only an APPROVED certificate for the ship-to
 * state exempts an enterprise order, in the shop's rates and in the order save-shipping writes; the browser's
 * has_resale_cert is not read.
 */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import {
  AdminCertificateListResponse,
  AdminCertificateResponse,
} from '@bindery/contracts/admin/resale-certificates';
import { OrderResponse, ShippingRateResponse } from '@bindery/contracts/store/checkout';
import {
  CERTIFICATE_MAX_BYTES,
  MAX_PENDING_CERTIFICATES,
  MyCertificatesResponse,
  ResaleCertificate,
} from '@bindery/contracts/store/resale-certificates';
import { parseCents, roundDiv } from '@bindery/pricing/money';
import { insertProject, printBookConfiguration } from '../checkout-fixtures.js';
import { ADDRESS, TX } from '../orders-fixtures.js';
import { createUser, json, request, setupTestApp } from '../helper.js';
import {
  corruptPdf,
  garbagePng,
  gifBytes,
  jpegBytes,
  makePdf,
  multipartBody,
  pngBytes,
} from '../pdf-fixtures.js';

const t = setupTestApp();
const m = messages.certificates;

type User = Awaited<ReturnType<typeof createUser>>;
let customer: User;
let admin: User;

beforeAll(async () => {
  customer = await createUser(t);
  admin = await createUser(t, { is_admin: true });
});

/** POST api/resale-certificates/ with a state and one file. */
function uploadCertificate(
  auth: Record<string, string>,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; type?: string },
) {
  const body = multipartBody(fields, file ? [{ field: 'file', ...file }] : []);
  return request(t, {
    method: 'POST',
    url: '/api/resale-certificates/',
    payload: body.payload,
    headers: { ...auth, ...body.headers },
  });
}

async function uploaded(user: User, state: string, file = { name: 'permit.png', data: pngBytes(800, 600) }) {
  const res = await uploadCertificate(user.auth, { state }, file);
  expect(res.statusCode, res.body).toBe(201);
  return ResaleCertificate.parse(res.data);
}

const review = (id: number, decision: 'approve' | 'reject', payload?: object, auth = admin.auth) =>
  request(t, {
    method: 'POST',
    url: `/api/admin/resale-certificates/${id}/${decision}/`,
    headers: auth,
    ...(payload ? { payload } : {}),
  });

const adminList = (query: string, auth = admin.auth) =>
  request(t, { method: 'GET', url: `/api/admin/resale-certificates/?${query}`, headers: auth });

const mine = (user: User) =>
  request(t, { method: 'GET', url: '/api/resale-certificates/', headers: user.auth });

describe('POST api/resale-certificates/: the customer uploads a certificate', () => {
  it('keeps a PDF as pending, with the facts the server read from its bytes, and lists it', async () => {
    const res = await uploadCertificate(
      customer.auth,
      { state: 'tx' },
      { name: 'texas-01-339.pdf', data: await makePdf(2), type: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const certificate = ResaleCertificate.parse(res.data);
    expect(certificate).toMatchObject({
      state: 'TX',
      status: 'pending',
      reason: null,
      file_name: 'texas-01-339.pdf',
      // From the magic number, not the Content-Type the client claimed.
      content_type: 'application/pdf',
      page_count: 2,
      width_px: null,
      reviewed_at: null,
    });
    const row = await t.db
      .selectFrom('resale_certificates')
      .select('storage_key')
      .where('id', '=', certificate.id)
      .executeTakeFirstOrThrow();
    await access(join(t.dataDir, 'uploads', row.storage_key));

    const list = await mine(customer);
    expect(list.statusCode).toBe(200);
    expect(MyCertificatesResponse.parse(list.data).data[0]).toEqual(certificate);
  });

  it('decodes an image: its format and size', async () => {
    const png = await uploaded(customer, 'NY', { name: 'scan.png', data: pngBytes(640, 480) });
    expect(png).toMatchObject({ content_type: 'image/png', width_px: 640, height_px: 480, page_count: null });
    const jpeg = await uploaded(customer, 'FL', { name: 'scan.jpg', data: jpegBytes(300, 200) });
    expect(jpeg).toMatchObject({ content_type: 'image/jpeg', width_px: 300, height_px: 200 });
  });

  it('refuses what is not a readable PDF or image, a missing or unknown state, and a missing file', async () => {
    const other = await createUser(t);
    const cases: [Record<string, string>, { name: string; data: Buffer } | undefined, string][] = [
      [{ state: 'TX' }, { name: 'a.gif', data: gifBytes() }, m.fileType],
      [{ state: 'TX' }, { name: 'a.png', data: garbagePng() }, m.imageUnreadable],
      [{ state: 'TX' }, { name: 'a.pdf', data: corruptPdf() }, m.pdfUnreadable],
      [{ state: 'ZZ' }, { name: 'a.png', data: pngBytes() }, m.stateRequired],
      [{}, { name: 'a.png', data: pngBytes() }, m.stateRequired],
      [{ state: 'TX' }, undefined, m.chooseFile],
      [
        { state: 'TX', purpose: 'cover' },
        { name: 'a.png', data: pngBytes() },
        'Unknown field purpose: send only state and file.',
      ],
    ];
    for (const [fields, file, error] of cases) {
      const res = await uploadCertificate(other.auth, fields, file);
      expect(res.statusCode, `${JSON.stringify(fields)} ${file?.name}`).toBe(400);
      expect(ErrorBody.parse(res.data).error).toBe(error);
    }
    expect(json(await mine(other), MyCertificatesResponse).data).toEqual([]);
  });

  it('refuses a file over 10 MB with 413 and an anonymous caller with 401', async () => {
    const big = Buffer.concat([await makePdf(2), Buffer.alloc(CERTIFICATE_MAX_BYTES, 0x20)]);
    const res = await uploadCertificate(customer.auth, { state: 'TX' }, { name: 'big.pdf', data: big });
    expect(res.statusCode).toBe(413);
    expect(json(res, ErrorBody).error).toBe(m.tooLarge);
    expect(
      (await uploadCertificate({}, { state: 'TX' }, { name: 'a.png', data: pngBytes() })).statusCode,
    ).toBe(401);
  });

  it(`keeps at most ${MAX_PENDING_CERTIFICATES} awaiting review per customer`, async () => {
    const busy = await createUser(t);
    for (let i = 0; i < MAX_PENDING_CERTIFICATES; i += 1) await uploaded(busy, 'TX');
    const res = await uploadCertificate(busy.auth, { state: 'TX' }, { name: 'a.png', data: pngBytes() });
    expect(res.statusCode).toBe(429);
    expect(json(res, ErrorBody).error).toBe(m.tooManyPending);
  });
});

describe('the admin reviews certificates', () => {
  it('lists pending ones oldest first with the customer, keyset-paged, and refuses customers', async () => {
    const customer = await createUser(t);
    const a = await uploaded(customer, 'CA');
    const b = await uploaded(customer, 'CA');
    const first = await adminList('status=pending&limit=1');
    expect(first.statusCode).toBe(200);
    const page1 = AdminCertificateListResponse.parse(first.data);
    expect(page1.total).toBeGreaterThanOrEqual(2);
    // Walk the queue: oldest first, every pending one once.
    const seen = [...page1.data];
    let cursor = page1.next_cursor;
    while (cursor) {
      const next = AdminCertificateListResponse.parse((await adminList(`limit=1&cursor=${cursor}`)).data);
      seen.push(...next.data);
      cursor = next.next_cursor;
    }
    expect(seen.length).toBe(page1.total);
    expect(seen.map((c) => c.id)).toEqual([...seen.map((c) => c.id)].sort((x, y) => x - y));
    expect(seen.find((c) => c.id === a.id)).toMatchObject({
      customer: { id: customer.user.id, email: customer.user.email },
      reviewed_by: null,
    });
    expect(seen.map((c) => c.id)).toContain(b.id);
    expect((await adminList('status=pending', customer.auth)).statusCode).toBe(403);
    expect((await adminList('status=maybe')).statusCode).toBe(400);
  });

  it('serves the file to staff, inline or as a download', async () => {
    const customer = await createUser(t);
    const data = pngBytes(120, 90);
    const cert = await uploaded(customer, 'TX', { name: 'permit scan.png', data });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/resale-certificates/${cert.id}/file/?download=true`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="permit scan.png"/);
    expect(res.rawPayload.equals(data)).toBe(true);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/resale-certificates/999999/file/',
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('approves a pending certificate once, recording who and when, and mails the customer', async () => {
    const customer = await createUser(t);
    const cert = await uploaded(customer, 'TX');
    const res = await review(cert.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    const { certificate } = AdminCertificateResponse.parse(res.data);
    expect(certificate).toMatchObject({
      status: 'approved',
      reason: null,
      reviewed_by: { id: admin.user.id, email: admin.user.email },
    });
    expect(Date.now() - Date.parse(certificate.reviewed_at as string)).toBeLessThan(60_000);

    // Already approved: neither a second approval nor a rejection changes it.
    const again = await review(cert.id, 'approve', {});
    expect(again.statusCode).toBe(409);
    expect(json(again, ErrorBody).error).toBe(m.notPending('approved'));
    expect((await review(cert.id, 'reject', { reason: 'Too late' })).statusCode).toBe(409);

    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address', 'subject'])
      .where('dedupe_key', '=', `certificate-${cert.id}-review`)
      .execute();
    expect(mails).toEqual([
      { kind: 'certificate_approved', to_address: customer.user.email, subject: m.mailApprovedSubject('TX') },
    ]);
  });

  it('rejects with a required reason the customer then sees', async () => {
    const customer = await createUser(t);
    const cert = await uploaded(customer, 'NY');
    for (const payload of [undefined, {}, { reason: '   ' }]) {
      const res = await review(cert.id, 'reject', payload);
      expect(res.statusCode).toBe(400);
    }
    const res = await review(cert.id, 'reject', { reason: 'The permit number is unreadable' });
    expect(res.statusCode).toBe(200);
    expect(json(res, AdminCertificateResponse).certificate).toMatchObject({
      status: 'rejected',
      reason: 'The permit number is unreadable',
    });
    const listed = MyCertificatesResponse.parse((await mine(customer)).data).data.find(
      (c) => c.id === cert.id,
    );
    expect(listed).toMatchObject({ status: 'rejected', reason: 'The permit number is unreadable' });
    expect((await review(cert.id, 'approve')).statusCode).toBe(409);
    expect((await review(999_999, 'approve')).statusCode).toBe(404);
    expect((await review(cert.id, 'approve', undefined, customer.auth)).statusCode).toBe(403);
  });

  it('lets one of two simultaneous reviews win, the other 409', async () => {
    const customer = await createUser(t);
    const cert = await uploaded(customer, 'FL');
    const answers = await Promise.all([
      review(cert.id, 'approve'),
      review(cert.id, 'reject', { reason: 'Expired' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('the tax: only an approved certificate for the ship-to state exempts', () => {
  const texasTax = (cents: number) => roundDiv(cents * 825, 10_000);

  async function buyerWithBook() {
    const buyer = await createUser(t);
    const bookId = await insertProject(t.db, buyer.user.id, {
      title: 'Resale Stock',
      quantity: 10,
      configuration: await printBookConfiguration(t.db),
    });
    const rate = async (extra: Record<string, unknown> = {}) => {
      const res = await request(t, {
        method: 'POST',
        url: '/api/shipping-rate/',
        headers: buyer.auth,
        payload: { ...TX, account_type: 'enterprise', project_ids: [bookId], ...extra },
      });
      expect(res.statusCode, res.body).toBe(200);
      return ShippingRateResponse.parse(res.data);
    };
    return { buyer, bookId, rate };
  }

  const taxedInFull = (r: ShippingRateResponse) => {
    // Tax is on what is charged: the books less the first-print discount (this buyer's first order; ADR 0033).
    const books = parseCents(r.subtotal as string) - parseCents(r.discount ?? '0.00');
    const expected = texasTax(books + parseCents(r.shipping_rate));
    expect(expected).toBeGreaterThan(0);
    expect(parseCents(r.tax)).toBe(expected);
  };

  it('charges tax to a self-declared enterprise without a certificate, and says why', async () => {
    const { rate } = await buyerWithBook();
    // The old checkbox means nothing now.
    const r = await rate({ has_resale_cert: true });
    taxedInFull(r);
    expect(r.tax_reason).toBe('Texas enterprise without resale certificate');
    expect(r.resale_certificate).toEqual({ state: 'TX', status: 'none', message: m.shopNone('TX') });
  });

  it('charges tax while the certificate awaits review or after it was rejected', async () => {
    const { buyer, rate } = await buyerWithBook();
    const cert = await uploaded(buyer, 'TX');
    const pending = await rate({ has_resale_cert: true });
    taxedInFull(pending);
    expect(pending.resale_certificate).toEqual({
      state: 'TX',
      status: 'pending',
      message: m.shopPending('TX'),
    });

    await review(cert.id, 'reject', { reason: 'Unsigned' });
    const rejected = await rate();
    taxedInFull(rejected);
    expect(rejected.resale_certificate).toMatchObject({
      status: 'rejected',
      message: m.shopRejected('TX', 'Unsigned'),
    });
  });

  it('charges tax when the approved certificate covers another state or belongs to someone else', async () => {
    const { buyer, rate } = await buyerWithBook();
    const ny = await uploaded(buyer, 'NY');
    const approved = await review(ny.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    taxedInFull(await rate());
    const stranger = await buyerWithBook();
    const theirs = await uploaded(stranger.buyer, 'TX');
    expect((await review(theirs.id, 'approve')).statusCode).toBe(200);
    const r = await rate();
    taxedInFull(r);
    expect(r.resale_certificate?.status).toBe('none');
  });

  it('exempts an enterprise with an approved certificate for the state, in the rates and in the order', async () => {
    const { buyer, bookId, rate } = await buyerWithBook();
    const cert = await uploaded(buyer, 'TX');
    expect((await review(cert.id, 'approve')).statusCode).toBe(200);

    const r = await rate({ has_resale_cert: false });
    expect(r).toMatchObject({
      tax: '0.00',
      tax_rate: '0.00%',
      tax_reason: 'Texas enterprise with resale certificate - no tax',
      resale_certificate: { state: 'TX', status: 'approved', message: m.shopApproved('TX') },
    });
    expect(r.available_services.every((s) => s.tax === '0.00')).toBe(true);
    // The certificate is for resale: an individual purchase is taxed as always.
    taxedInFull(await rate({ account_type: 'individual' }));

    const saved = await request(t, {
      method: 'POST',
      url: '/api/save-shipping/',
      headers: buyer.auth,
      payload: {
        user_address: { ...ADDRESS, account_type: 'enterprise', has_resale_cert: false },
        project_ids: [bookId],
        selected_service: r.service_code,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { order } = OrderResponse.parse(saved.data);
    expect(order).toMatchObject({
      tax: '0.00',
      tax_reason: 'Texas enterprise with resale certificate - no tax',
      // The stored address says what the server decided.
      address: { has_resale_cert: true },
    });
    expect(parseCents(order.total)).toBe(
      parseCents(order.subtotal) - parseCents(order.discount) + parseCents(order.shipping),
    );
  });

  it('stores a taxed order with has_resale_cert false whatever the browser claimed', async () => {
    const { buyer, bookId, rate } = await buyerWithBook();
    const r = await rate();
    const saved = await request(t, {
      method: 'POST',
      url: '/api/save-shipping/',
      headers: buyer.auth,
      payload: {
        user_address: { ...ADDRESS, account_type: 'enterprise', has_resale_cert: true },
        project_ids: [bookId],
        selected_service: r.service_code,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { order } = OrderResponse.parse(saved.data);
    expect(order.tax).toBe(r.tax);
    expect(parseCents(order.tax)).toBeGreaterThan(0);
    expect(order.address).toMatchObject({ has_resale_cert: false });
  });
});
