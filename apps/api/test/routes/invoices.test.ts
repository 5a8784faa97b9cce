/**
 * Invoices and credit notes (docs/decisions/0075), end to end: orders placed through save-shipping, paid through
 * the card webhook against the payment fakes, refunded by staff; the documents read by the customer (own orders
 * only) and by staff, as lists and as PDFs; the receipt naming the invoice and linking the order page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { RefundResponse } from '@bindery/contracts/admin/orders';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { InvoiceDocument, InvoiceListResponse } from '@bindery/contracts/store/invoices';
import { createUser, defined, json, request } from '../helper.js';
import { insertProject, printBookConfiguration } from '../checkout-fixtures.js';
import { payByCard } from '../money-fixtures.js';
import { ADDRESS, orderOneBook } from '../orders-fixtures.js';
import { paymentsTestApp, staffAndCustomer, type User } from '../payments-test-app.js';

const TAX_ID = 'US-74-1234567';
const { t, stripe, mail } = await paymentsTestApp({
  mail: true,
  env: {
    MERCHANT_LEGAL_NAME: 'Bindery Books LLC',
    MERCHANT_ADDRESS: '1 Press Row, Austin, TX 78701, US',
    MERCHANT_TAX_ID: TAX_ID,
  },
});

let admin: User;
let customer: User;
let stranger: User;
beforeAll(async () => {
  ({ admin, customer } = await staffAndCustomer(t));
  stranger = await createUser(t, { name: 'Bob Other' });
});

const get = (url: string, auth?: Record<string, string>) =>
  request(t, { method: 'GET', url, headers: { ...auth } });
const year = () => new Date().getUTCFullYear();

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

async function paidOrder(title: string) {
  const { order } = await orderOneBook(t, customer.auth, title);
  await payByCard(t, stripe, customer.auth, order.id);
  return order;
}

const documents = async (orderId: number, auth = customer.auth) => {
  const res = await get(`/api/orders/${orderId}/invoices/`, auth);
  expect(res.statusCode, res.body).toBe(200);
  return json(res, InvoiceListResponse).documents;
};

const stored = async (number: string) =>
  InvoiceDocument.parse(
    (
      await t.db
        .selectFrom('invoices')
        .select('document')
        .where('number', '=', number)
        .executeTakeFirstOrThrow()
    ).document,
  );

describe('the invoice of a paid order', () => {
  it('is issued when the payment moves the order to paid, with the figures of the order and the seller', async () => {
    const order = await paidOrder('Invoiced Book');
    const [invoice, ...rest] = await documents(order.id);
    expect(rest).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      total: order.total,
      currency: 'USD',
      invoice_number: null,
    });
    const number = defined(invoice, 'the invoice').number;
    expect(number).toMatch(new RegExp(`^INV-${year()}-\\d{6}$`));

    const doc = await stored(number);
    expect(doc).toMatchObject({
      kind: 'invoice',
      order_number: order.order_number,
      seller: {
        name: 'Bindery Books LLC',
        address: ['1 Press Row', 'Austin', 'TX 78701', 'US'],
        tax_id: TAX_ID,
      },
      buyer: { name: 'Ada Reader', email: customer.user.email },
      subtotal: order.subtotal,
      shipping: order.shipping,
      tax: {
        amount: order.tax,
        rate: '8.25%',
        reason: 'Texas individual sales tax',
        resale_certificate: null,
      },
      total: order.total,
      payment: { method: 'card' },
      credit: null,
    });
    expect(doc.buyer.address).toEqual(['Ada Lovelace', '1 Congress Ave', 'Austin TX 78701', 'US']);
    expect(doc.lines).toEqual([
      expect.objectContaining({ title: 'Invoiced Book', category: 'Print Book', quantity: 1 }),
    ]);

    // The receipt names the invoice and links the order page, where the customer downloads it after signing in.
    const receipt = await mail.waitFor({
      to: customer.user.email,
      subject: `Bindery order ${order.order_number}: payment received`,
    });
    expect(receipt.text).toContain(`Invoice ${number}`);
    expect(receipt.links).toContain(`http://web.test:5173/orders/${order.id}#invoices`);
  });

  it('is the customer’s to read and download (another’s order is 404) and staff’s, with the same number', async () => {
    const order = await paidOrder('Shared Numbers');
    const [invoice] = await documents(order.id);
    const number = defined(invoice, 'the invoice').number;

    const staffList = await get(`/api/admin/orders/${order.id}/invoices/`, admin.auth);
    expect(staffList.statusCode, staffList.body).toBe(200);
    expect(json(staffList, InvoiceListResponse).documents).toEqual([invoice]);

    expect((await get(`/api/orders/${order.id}/invoices/`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.id}/invoices/${number}/`, stranger.auth)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.id}/invoices/`)).statusCode).toBe(401);
    expect((await get(`/api/admin/orders/${order.id}/invoices/`, customer.auth)).statusCode).toBe(403);
    expect((await get(`/api/admin/orders/${order.id}/invoices/${number}/`, customer.auth)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/admin/orders/999999/invoices/`, admin.auth)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.id}/invoices/INV-1999-000001/`, customer.auth)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/orders/${order.id}/invoices/not-a-number/`, customer.auth)).statusCode).toBe(400);

    for (const [url, auth] of [
      [`/api/orders/${order.id}/invoices/${number}/`, customer.auth],
      [`/api/admin/orders/${order.id}/invoices/${number}/`, admin.auth],
    ] as const) {
      const res = await get(url, auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`attachment; filename="${number}.pdf"`);
      const text = await pdfText(new Uint8Array(res.rawPayload));
      for (const expected of [
        `INVOICE ${number}`,
        order.order_number,
        'Bindery Books LLC',
        '1 Press Row',
        `Tax id: ${TAX_ID}`,
        'Ada Reader',
        'Shared Numbers (Print Book)',
        `$${order.total}`,
        'Tax 8.25%',
        'Texas individual sales tax',
        'Paid by card',
      ]) {
        expect(text).toContain(expected);
      }
    }
  });

  it('does not exist before payment', async () => {
    const { order } = await orderOneBook(t, customer.auth, 'Unpaid');
    expect(await documents(order.id)).toEqual([]);
    expect(
      (await get(`/api/orders/${order.id}/invoices/INV-${year()}-000001/`, customer.auth)).statusCode,
    ).toBe(404);
  });

  it('names the resale certificate that exempted an enterprise order', async () => {
    const buyer = await createUser(t, { name: 'Acme Reseller' });
    const row = await t.db
      .insertInto('resale_certificates')
      .values({
        user_id: buyer.user.id,
        state: 'TX',
        file_name: 'permit.pdf',
        content_type: 'application/pdf',
        size_bytes: 1_000,
        page_count: 1,
        storage_key: `${buyer.user.id}-TX.pdf`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('resale_certificates')
      .set({ status: 'approved', reviewed_by: admin.user.id, reviewed_at: new Date(Date.now() - 60_000) })
      .where('id', '=', row.id)
      .execute();
    const project = await insertProject(t.db, buyer.user.id, {
      configuration: await printBookConfiguration(t.db),
    });
    const placed = await request(t, {
      method: 'POST',
      url: '/api/save-shipping/',
      headers: buyer.auth,
      payload: {
        user_address: { ...ADDRESS, account_type: 'enterprise' },
        project_ids: [project],
        selected_service: 'FEDEX_GROUND',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = json(placed, OrderResponse).order;
    expect(order.tax).toBe('0.00');
    await payByCard(t, stripe, buyer.auth, order.id);
    const [invoice] = await documents(order.id, buyer.auth);
    const doc = await stored(defined(invoice, 'the invoice').number);
    const label = `RC-${String(row.id).padStart(6, '0')}, Texas`;
    expect(doc.tax).toEqual({
      rate: '0.00%',
      amount: '0.00',
      reason: 'Texas enterprise with resale certificate - no tax',
      resale_certificate: label,
    });
    const pdf = await get(`/api/orders/${order.id}/invoices/${doc.number}/`, buyer.auth);
    expect(await pdfText(new Uint8Array(pdf.rawPayload))).toContain(
      `Exempt under resale certificate ${label}`,
    );
  });
});

describe('credit notes', () => {
  it('each refund issues one, numbered in its own series, referencing the invoice, with the amount given back', async () => {
    const order = await paidOrder('Refunded Book');
    const [invoice] = await documents(order.id);
    const invoiceNumber = defined(invoice, 'the invoice').number;

    const refund = (body: Record<string, unknown>) =>
      request(t, {
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refund/`,
        headers: admin.auth,
        payload: body,
      });
    const part = await refund({ amount_cents: 1_000, reason: 'One copy was damaged' });
    expect(part.statusCode, part.body).toBe(200);
    const rest = await refund({ reason: 'Customer changed their mind' });
    expect(rest.statusCode, rest.body).toBe(200);
    const restAmount = json(rest, RefundResponse).refund.amount;

    const list = await documents(order.id);
    expect(list.map((d) => [d.kind, d.total, d.invoice_number])).toEqual([
      ['invoice', order.total, null],
      ['credit_note', '10.00', invoiceNumber],
      ['credit_note', restAmount, invoiceNumber],
    ]);
    const [first, second] = list.slice(1).map((d) => d.number);
    expect(first).toMatch(new RegExp(`^CN-${year()}-\\d{6}$`));
    expect(Number(defined(second, 'the second credit note').slice(-6))).toBe(
      Number(defined(first, 'the first').slice(-6)) + 1,
    );

    const staff = await get(`/api/admin/orders/${order.id}/invoices/`, admin.auth);
    expect(json(staff, InvoiceListResponse).documents).toEqual(list);

    const doc = await stored(defined(first, 'the first credit note'));
    expect(doc).toMatchObject({
      kind: 'credit_note',
      order_number: order.order_number,
      total: order.total,
      credit: { invoice_number: invoiceNumber, amount: '10.00', reason: 'One copy was damaged' },
    });
    const pdf = await get(`/api/orders/${order.id}/invoices/${doc.number}/`, customer.auth);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    for (const expected of [
      `CREDIT NOTE ${doc.number}`,
      `Credits invoice ${invoiceNumber}`,
      'Amount credited',
      '$10.00',
      'One copy was damaged',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
