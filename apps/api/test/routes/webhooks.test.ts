/**
 * Outbound webhooks (docs/decisions/0076): an endpoint registered with an API key receives the signed events of its
 * customer's orders (written in the move's transaction, sent after the commit) and verifies them; a 500 is retried
 * with backoff; a day of failures disables the endpoint and mails its owner; resend repeats the event id; a test
 * event; another customer's endpoint is 404.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { CreateApiKeyResponse } from '@bindery/contracts/admin/api-keys';
import { ErrorBody } from '@bindery/contracts/common';
import {
  CreateWebhookResponse,
  DeliveryResponse,
  ListDeliveriesResponse,
  ListWebhooksResponse,
  WebhookEvent,
} from '@bindery/contracts/store/webhooks';
import { manualClock } from '#lib/clock.js';
import { verifySignature } from '#plugins/app/webhooks/signing.js';
import { RETRY_WINDOW_MS } from '#plugins/app/webhooks/webhooks.service.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';
import { orderOneBook, payOrder } from '../orders-fixtures.js';
import { startReceiver } from '../webhook-receiver.js';

const receiver = await startReceiver();
afterAll(() => receiver.close());
const clock = manualClock();
const t = setupTestApp({ clock, env: { WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' } });

type Auth = { authorization: string };

async function keyFor(userId: number): Promise<Auth> {
  const admin = await createUser(t, { is_admin: true });
  const res = await request(t, {
    method: 'POST',
    url: `/api/admin/users/${userId}/api-keys/`,
    headers: admin.auth,
    payload: { name: 'shop', scopes: ['orders:read', 'orders:write', 'catalog:read'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${json(res, CreateApiKeyResponse).secret}` };
}

async function register(auth: Auth, events = ['order.status_changed', 'order.shipped']) {
  const res = await request(t, {
    method: 'POST',
    url: '/api/users/me/webhooks/',
    headers: auth,
    payload: { url: receiver.url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res, CreateWebhookResponse);
}

const staff = { type: 'staff' as const, userId: null, label: 'Grace Staff' };

async function deliveriesOf(auth: Auth, endpointId: number) {
  const res = await request(t, {
    method: 'GET',
    url: `/api/users/me/webhooks/${endpointId}/deliveries/`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, ListDeliveriesResponse).data;
}

const eventsReceived = () => receiver.received.map((r) => WebhookEvent.parse(JSON.parse(r.body)));

describe('webhooks', () => {
  it('delivers the signed shipped event, with tracking, to an endpoint registered with an API key', async () => {
    const customer = await createUser(t);
    const key = await keyFor(customer.user.id);
    const { endpoint, secret } = await register(key);
    expect(secret).toMatch(/^whsec_/);
    expect(
      (await request(t, { method: 'GET', url: '/api/users/me/webhooks/', headers: customer.auth })).data,
    ).toEqual(ListWebhooksResponse.parse({ data: [endpoint] }));

    const { order } = await orderOneBook(t, customer.auth);
    const before = receiver.received.length;
    await payOrder(t, order.id);
    await t.app.orders.transition(order.id, 'in_production', { actor: staff });
    await t.app.orders.transition(order.id, 'shipped', {
      actor: staff,
      carrier: 'DHL',
      trackingNumber: 'JD0042',
    });
    await t.app.webhooks.drain();
    // paid, in production, shipped: three status changes and one shipped event.
    await receiver.next(before + 4);
    const mine = receiver.received.slice(before);
    for (const delivery of mine) {
      const signature = String(delivery.headers['bindery-signature']);
      expect(
        verifySignature(secret, signature, delivery.body, Math.floor(clock.now().getTime() / 1000)),
      ).toBe(true);
      expect(
        verifySignature('whsec_wrong', signature, delivery.body, Math.floor(clock.now().getTime() / 1000)),
      ).toBe(false);
    }
    const events = mine.map((r) => WebhookEvent.parse(JSON.parse(r.body)));
    const shipped = defined(
      events.find((e) => e.type === 'order.shipped'),
      'the shipped event',
    );
    expect(shipped.data.order).toMatchObject({
      id: order.id,
      status: 'shipped',
      previous_status: 'in_production',
      carrier: 'DHL',
      tracking_number: 'JD0042',
    });
    // Each change once, each naming the one before it; deliveries go out side by side, in no promised order
    // (docs/api-clients.md).
    const changes = events
      .filter((e) => e.type === 'order.status_changed')
      .map((e) => `${String(e.data.order?.previous_status)} → ${String(e.data.order?.status)}`);
    expect(changes.sort()).toEqual(['awaiting_payment → paid', 'in_production → shipped', 'paid → in_production']);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const log = await deliveriesOf(key, endpoint.id);
    expect(
      log.every((d) => d.status === 'delivered' && d.last_response_code === 200 && d.attempts === 1),
    ).toBe(true);
  });

  it('retries after a 500 with backoff, then delivers the same event id; resend repeats it', async () => {
    const customer = await createUser(t);
    const { endpoint } = await register(customer.auth, ['order.status_changed']);
    const { order } = await orderOneBook(t, customer.auth);
    receiver.answers.push(500);
    const before = receiver.received.length;
    await payOrder(t, order.id);
    await t.app.webhooks.drain();
    await receiver.next(before + 1);
    let [delivery] = await deliveriesOf(customer.auth, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_response_code: 500 });
    // Not due yet: nothing is sent.
    expect(await t.app.webhooks.deliverDue()).toBe(0);
    clock.advance(31_000);
    expect(await t.app.webhooks.deliverDue()).toBe(1);
    [delivery] = await deliveriesOf(customer.auth, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, last_response_code: 200 });
    const [first, second] = receiver.received
      .slice(before)
      .map((r) => WebhookEvent.parse(JSON.parse(r.body)));
    expect(defined(second, 'the retry').id).toBe(defined(first, 'the first attempt').id);

    const resent = await request(t, {
      method: 'POST',
      url: `/api/users/me/webhooks/${endpoint.id}/deliveries/${defined(delivery, 'delivery').id}/resend/`,
      headers: customer.auth,
    });
    expect(resent.statusCode, resent.body).toBe(202);
    await t.app.webhooks.drain();
    await receiver.next(before + 3);
    expect(eventsReceived().at(-1)?.id).toBe(first?.id);
  });

  it('sends a signed test event on request', async () => {
    const customer = await createUser(t);
    const { endpoint, secret } = await register(customer.auth);
    const before = receiver.received.length;
    const res = await request(t, {
      method: 'POST',
      url: `/api/users/me/webhooks/${endpoint.id}/test/`,
      headers: customer.auth,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(json(res, DeliveryResponse).delivery.event_type).toBe('test');
    await t.app.webhooks.drain();
    await receiver.next(before + 1);
    const got = defined(receiver.received[before], 'the test event');
    expect(WebhookEvent.parse(JSON.parse(got.body)).type).toBe('test');
    expect(
      verifySignature(
        secret,
        String(got.headers['bindery-signature']),
        got.body,
        Math.floor(clock.now().getTime() / 1000),
      ),
    ).toBe(true);
  });

  it('gives up after a day: the delivery fails, the endpoint is switched off and its owner mailed', async () => {
    const customer = await createUser(t);
    const { endpoint } = await register(customer.auth, ['order.status_changed']);
    const { order } = await orderOneBook(t, customer.auth);
    receiver.state.fallback = 500;
    try {
      await payOrder(t, order.id);
      await t.app.webhooks.drain();
      clock.advance(RETRY_WINDOW_MS);
      await t.app.webhooks.deliverDue();
    } finally {
      receiver.state.fallback = 200;
    }
    const [delivery] = await deliveriesOf(customer.auth, endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 2, last_response_code: 500 });
    const listed = json(
      await request(t, { method: 'GET', url: '/api/users/me/webhooks/', headers: customer.auth }),
      ListWebhooksResponse,
    );
    expect(listed.data[0]?.disabled_at).not.toBeNull();
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('kind', '=', 'webhook_disabled')
      .where('to_address', '=', customer.user.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text_body).toContain(receiver.url);
    await t.app.mailOutbox.drain();
    // Further events are not written for a disabled endpoint.
    await t.app.orders.transition(order.id, 'in_production', { actor: staff });
    expect(await deliveriesOf(customer.auth, endpoint.id)).toHaveLength(1);
  });

  it("answers 404 for another customer's endpoint, and refuses a key without the scope", async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const { endpoint } = await register(a.auth);
    for (const [method, url] of [
      ['GET', `/api/users/me/webhooks/${endpoint.id}/deliveries/`],
      ['POST', `/api/users/me/webhooks/${endpoint.id}/test/`],
      ['DELETE', `/api/users/me/webhooks/${endpoint.id}/`],
    ] as const) {
      const res = await request(t, { method, url, headers: b.auth });
      expect(res.statusCode, url).toBe(404);
      expect(json(res, ErrorBody).code).toBe('NOT_FOUND');
    }
    const admin = await createUser(t, { is_admin: true });
    const made = await request(t, {
      method: 'POST',
      url: `/api/admin/users/${a.user.id}/api-keys/`,
      headers: admin.auth,
      payload: { name: 'catalog only', scopes: ['catalog:read'] },
    });
    const catalogKey = { authorization: `Bearer ${json(made, CreateApiKeyResponse).secret}` };
    expect(
      (await request(t, { method: 'GET', url: '/api/users/me/webhooks/', headers: catalogKey })).statusCode,
    ).toBe(403);
  });
});
