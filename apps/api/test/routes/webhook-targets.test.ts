/**
 * The webhooks' SSRF rule (docs/decisions/0076), with private targets NOT allowed (the default): registration refuses
 * a URL that resolves to loopback, private or link-local addresses, and a delivery to such an address (an endpoint
 * whose DNS changed after registration) is refused on the connection itself, never reaching the receiver.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { isPublicAddress } from '#plugins/app/webhooks/target-guard.js';
import { createUser, json, request, setupTestApp } from '../helper.js';
import { startReceiver } from '../webhook-receiver.js';

const receiver = await startReceiver();
afterAll(() => receiver.close());
const t = setupTestApp();

describe('webhook targets', () => {
  it('tells public addresses from loopback, private, link-local and mapped ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses to register a loopback, private or link-local target', async () => {
    const customer = await createUser(t);
    for (const url of [
      receiver.url,
      'http://localhost:9/x',
      'http://10.0.0.5/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const res = await request(t, {
        method: 'POST',
        url: '/api/users/me/webhooks/',
        headers: customer.auth,
        payload: { url, events: ['order.shipped'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(json(res, ErrorBody)).toMatchObject({
        code: 'WEBHOOK_TARGET_REFUSED',
        error: messages.webhooks.privateTarget,
      });
    }
    expect(
      await t.db
        .selectFrom('webhook_endpoints')
        .select('id')
        .where('user_id', '=', customer.user.id)
        .execute(),
    ).toEqual([]);
  });

  it('refuses the delivery itself when the target is private by then (checked on the connection)', async () => {
    const customer = await createUser(t);
    // As if the host had resolved to a public address at registration and to loopback now.
    for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
      const endpoint = await t.db
        .insertInto('webhook_endpoints')
        .values({
          user_id: customer.user.id,
          url,
          events: JSON.stringify(['order.status_changed']),
          secret: 'whsec_x',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await request(t, {
        method: 'POST',
        url: `/api/users/me/webhooks/${endpoint.id}/test/`,
        headers: customer.auth,
      });
      expect(res.statusCode).toBe(202);
      await t.app.webhooks.drain();
      const row = await t.db
        .selectFrom('webhook_deliveries')
        .select(['status', 'last_error', 'last_response_code'])
        .where('endpoint_id', '=', endpoint.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', last_response_code: null });
      expect(row.last_error, url).toMatch(/not a public address/);
    }
    expect(receiver.received).toHaveLength(0);
  });
});
