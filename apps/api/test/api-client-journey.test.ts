/**
 * A business client with an API key and no browser (docs/decisions/0076): registers a webhook, uploads an interior,
 * reads its preflight facts, quotes, orders, pays by card in test mode (the Stripe test server), and receives the
 * signed order.shipped event with tracking, then order.refunded, verifying each signature. On the embedded default
 * (PGlite, one connection) as the README's run command starts Bindery: the webhook rows are written inside the
 * order's own transaction there too; the webhooks' own tests run on PostgreSQL.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { CreateApiKeyResponse } from '@bindery/contracts/admin/api-keys';
import { ShippingRateResponse } from '@bindery/contracts/store/checkout';
import { UploadBookResponse, UploadedFile } from '@bindery/contracts/store/projects';
import { CreateWebhookResponse, WebhookEvent } from '@bindery/contracts/store/webhooks';
import { verifySignature } from '#plugins/app/webhooks/signing.js';
import { printABook } from '../examples/api-client.js';
import { defined, json, request } from './helper.js';
import { payByCard } from './money-fixtures.js';
import { ADDRESS, TX, placeOrder } from './orders-fixtures.js';
import { paymentsTestApp, staffAndCustomer } from './payments-test-app.js';
import { makePdf } from './pdf-fixtures.js';
import { printBookConfiguration, uploadBook, uploadPdf } from './projects.js';
import { startReceiver } from './webhook-receiver.js';

const receiver = await startReceiver();
afterAll(() => receiver.close());
const { t, stripe } = await paymentsTestApp({
  embedded: true,
  env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' },
});

it('upload → preflight facts → quote → order → pay → signed shipped and refunded webhooks, all with a key', async () => {
  const { admin, customer } = await staffAndCustomer(t);
  const made = await request(t, {
    method: 'POST',
    url: `/api/admin/users/${customer.user.id}/api-keys/`,
    headers: admin.auth,
    payload: { name: 'School shop', scopes: ['catalog:read', 'orders:write', 'orders:read'] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const key = { authorization: `Bearer ${json(made, CreateApiKeyResponse).secret}` };

  const hook = await request(t, {
    method: 'POST',
    url: '/api/users/me/webhooks/',
    headers: key,
    payload: { url: receiver.url, events: ['order.shipped', 'order.refunded'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  const { secret } = json(hook, CreateWebhookResponse);

  const pdf = await uploadPdf(t, key, 48);
  const facts = await request(t, { method: 'GET', url: `/api/book/uploads/${pdf.id}/facts/`, headers: key });
  expect(facts.statusCode).toBe(200);
  expect(json(facts, UploadedFile)).toMatchObject({ page_count: 48 });
  const book = await uploadBook(t, key, {
    title: 'Class of 2026',
    category: 'Print Book',
    language: 'english',
    pdf_upload_id: pdf.id,
    configuration: await printBookConfiguration(t),
    quantity: 25,
  });
  expect(book.statusCode, book.body).toBe(201);
  const project = json(book, UploadBookResponse).project;
  const quote = await request(t, {
    method: 'POST',
    url: '/api/shipping-rate/',
    headers: key,
    payload: { ...TX, project_ids: [project.id] },
  });
  expect(quote.statusCode, quote.body).toBe(200);
  expect(json(quote, ShippingRateResponse).available_services.length).toBeGreaterThan(0);
  const order = await placeOrder(t, key, [project.id]);
  expect(order.address).toMatchObject({ city: ADDRESS.city });
  await payByCard(t, stripe, key, order.id);

  const move = (body: Record<string, unknown>) =>
    request(t, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/status/`,
      headers: admin.auth,
      payload: body,
    });
  expect((await move({ status: 'in_production' })).statusCode).toBe(200);
  const shipped = await move({ status: 'shipped', carrier: 'FedEx', tracking_number: '7700 1234 5678' });
  expect(shipped.statusCode, shipped.body).toBe(200);
  await t.app.webhooks.drain();
  await receiver.next(1);
  const refund = await request(t, {
    method: 'POST',
    url: `/api/admin/orders/${order.id}/refund/`,
    headers: admin.auth,
    payload: { amount_cents: 500, reason: 'One copy was damaged' },
  });
  expect(refund.statusCode, refund.body).toBe(200);
  await t.app.webhooks.drain();
  await receiver.next(2);

  const now = Math.floor(Date.now() / 1000);
  const events = receiver.received.map((r) => {
    expect(verifySignature(secret, String(r.headers['bindery-signature']), r.body, now)).toBe(true);
    return WebhookEvent.parse(JSON.parse(r.body));
  });
  expect(events.map((e) => e.type)).toEqual(['order.shipped', 'order.refunded']);
  expect(defined(events[0], 'shipped').data.order).toMatchObject({
    id: order.id,
    status: 'shipped',
    carrier: 'FedEx',
    tracking_number: '7700 1234 5678',
  });
  expect(events[0]?.data.order?.tracking_url).toMatch(/^https:\/\//);
  expect(defined(events[1], 'refunded').data.order).toMatchObject({ id: order.id, refunded: '5.00' });
});

it('the example client of docs/api-clients.md runs against a listening server with a key', async () => {
  const { admin, customer } = await staffAndCustomer(t);
  const made = await request(t, {
    method: 'POST',
    url: `/api/admin/users/${customer.user.id}/api-keys/`,
    headers: admin.auth,
    payload: { name: 'Example', scopes: ['catalog:read', 'orders:write'] },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const result = await printABook(
    `http://127.0.0.1:${port}`,
    json(made, CreateApiKeyResponse).secret,
    await makePdf(40),
  );
  expect(result).toMatchObject({ pageCount: 40, orderNumber: expect.any(String) as unknown });
  expect(result.payUrl).toMatch(/^https?:\/\//);
  const row = await t.db
    .selectFrom('orders')
    .select(['user_id', 'status'])
    .where('id', '=', result.orderId)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ user_id: customer.user.id, status: 'awaiting_payment' });
});
