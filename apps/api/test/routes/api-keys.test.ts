/**
 * API keys (docs/decisions/0076): staff make, list and revoke a customer's keys (the secret answered once, only its
 * hash stored); a key acts as its customer on the routes that name its scope, and nowhere else: 403 without the
 * scope or on a route that takes no key (staff routes), 401 once revoked, another customer's order 404. A client
 * with a key and no browser uploads, quotes, orders and gets a pay link.
 */
import { describe, expect, it } from 'vitest';
import {
  CreateApiKeyResponse,
  ListApiKeysResponse,
  RevokeApiKeyResponse,
  type CreateApiKeyBody,
} from '@bindery/contracts/admin/api-keys';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { CreateCheckoutSessionResponse } from '@bindery/contracts/store/payments';
import { createUser, defined, json, request } from '../helper.js';
import { OpenApiDocument, operationOf } from '../openapi-document.js';
import { ADDRESS, TX, orderOneBook, placeOrder } from '../orders-fixtures.js';
import { paymentsTestApp } from '../payments-test-app.js';
import { createPrintBook } from '../projects.js';
import { API_KEY_LIMIT } from '#plugins/app/api-keys/api-keys.plugin.js';
import { hashSecret } from '#plugins/app/api-keys/key-format.js';

const { t } = await paymentsTestApp();

type Customer = Awaited<ReturnType<typeof createUser>>;
let staff: Customer | undefined;
const staffAuth = async () => {
  staff ??= await createUser(t, { is_admin: true });
  return staff.auth;
};

async function makeKey(userId: number, scopes: CreateApiKeyBody['scopes'], name = 'Bookstore integration') {
  const res = await request(t, {
    method: 'POST',
    url: `/api/admin/users/${userId}/api-keys/`,
    headers: await staffAuth(),
    payload: { name, scopes },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = json(res, CreateApiKeyResponse);
  return { ...created, auth: { authorization: `Bearer ${created.secret}` } };
}

const errorOf = (res: Parameters<typeof json>[0]) => json(res, ErrorBody).error;

describe('staff manage a customer’s keys', () => {
  it('answers the secret once, stores only its hash, lists and revokes', async () => {
    const customer = await createUser(t);
    const key = await makeKey(customer.user.id, ['orders:read']);
    expect(key.secret).toMatch(/^bnd_(live|test)_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(`bnd_${key.api_key.mode}_${key.api_key.prefix}_`)).toBe(true);
    const row = await t.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.api_key.id)
      .executeTakeFirstOrThrow();
    const secretPart = key.secret.slice(`bnd_${row.mode}_${row.prefix}_`.length);
    expect(row.secret_hash).toBe(hashSecret(secretPart));
    expect(JSON.stringify(row)).not.toContain(secretPart);

    const listed = await request(t, {
      method: 'GET',
      url: `/api/admin/users/${customer.user.id}/api-keys/`,
      headers: await staffAuth(),
    });
    expect(listed.statusCode).toBe(200);
    const page = json(listed, ListApiKeysResponse);
    expect(page.user.email).toBe(customer.user.email);
    expect(page.data.map((k) => k.id)).toEqual([key.api_key.id]);
    expect(listed.body).not.toContain(secretPart);

    const revoked = await request(t, {
      method: 'POST',
      url: `/api/admin/users/${customer.user.id}/api-keys/${key.api_key.id}/revoke/`,
      headers: await staffAuth(),
    });
    expect(revoked.statusCode).toBe(200);
    expect(json(revoked, RevokeApiKeyResponse).api_key.revoked_at).not.toBeNull();
    const used = await request(t, { method: 'GET', url: '/api/orders/', headers: key.auth });
    expect(used.statusCode).toBe(401);
    expect(errorOf(used)).toBe(messages.apiKeys.invalid);
  });

  it('refuses another customer’s key id (404) and an unknown account (404)', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const key = await makeKey(a.user.id, ['orders:read']);
    const wrongOwner = await request(t, {
      method: 'POST',
      url: `/api/admin/users/${b.user.id}/api-keys/${key.api_key.id}/revoke/`,
      headers: await staffAuth(),
    });
    expect(wrongOwner.statusCode).toBe(404);
    const unknown = await request(t, {
      method: 'POST',
      url: '/api/admin/users/999999/api-keys/',
      headers: await staffAuth(),
      payload: { name: 'x', scopes: ['orders:read'] },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('staff routes refuse keys, even a key of a staff account', async () => {
    const admin = await createUser(t, { is_admin: true });
    const key = await makeKey(admin.user.id, ['catalog:read', 'orders:write', 'orders:read']);
    for (const url of ['/api/users/admin/users/', `/api/admin/users/${admin.user.id}/api-keys/`]) {
      const res = await request(t, { method: 'GET', url, headers: key.auth });
      expect(res.statusCode, url).toBe(403);
      expect(errorOf(res)).toBe(messages.apiKeys.notAllowedHere);
    }
    // And the account's own session routes (a key is no session).
    expect(
      (await request(t, { method: 'GET', url: '/api/users/me/sessions/', headers: key.auth })).statusCode,
    ).toBe(403);
  });
});

describe('a key acts as its customer within its scopes', () => {
  it('does what its scope allows and gets 403 otherwise', async () => {
    const customer = await createUser(t);
    const catalogOnly = await makeKey(customer.user.id, ['catalog:read']);
    const dropdowns = await request(t, {
      method: 'GET',
      url: '/api/book/dropdown-data/',
      headers: catalogOnly.auth,
    });
    expect(dropdowns.statusCode).toBe(200);
    const orders = await request(t, { method: 'GET', url: '/api/orders/', headers: catalogOnly.auth });
    expect(orders.statusCode).toBe(403);
    expect(errorOf(orders)).toBe(messages.apiKeys.missingScope('orders:read'));
    const write = await request(t, {
      method: 'POST',
      url: '/api/save-shipping/',
      headers: catalogOnly.auth,
      payload: { user_address: ADDRESS, project_ids: [1], selected_service: 'FEDEX_GROUND' },
    });
    expect(write.statusCode).toBe(403);
  });

  it('uploads, quotes, orders and gets a pay link with a key and no browser; reads its order, not another’s', async () => {
    const customer = await createUser(t);
    const key = await makeKey(customer.user.id, ['catalog:read', 'orders:write', 'orders:read']);
    const project = await createPrintBook(t, key.auth, { title: 'Key Book' });
    const quote = await request(t, {
      method: 'POST',
      url: '/api/shipping-rate/',
      headers: key.auth,
      payload: { ...TX, project_ids: [project.id] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const order = await placeOrder(t, key.auth, [project.id]);
    const pay = await request(t, {
      method: 'POST',
      url: '/api/create-checkout-session/',
      headers: key.auth,
      payload: { order_id: order.id },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    expect(json(pay, CreateCheckoutSessionResponse).url).toMatch(/^https?:\/\//);

    const own = await request(t, { method: 'GET', url: `/api/orders/${order.id}/`, headers: key.auth });
    expect(own.statusCode).toBe(200);
    expect(json(own, OrderResponse).order.id).toBe(order.id);
    const other = await createUser(t);
    const theirs = await orderOneBook(t, other.auth);
    const foreign = await request(t, {
      method: 'GET',
      url: `/api/orders/${theirs.order.id}/`,
      headers: key.auth,
    });
    expect(foreign.statusCode).toBe(404);

    const row = await t.db
      .selectFrom('api_keys')
      .select('last_used_at')
      .where('id', '=', key.api_key.id)
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
  });

  it('refuses a malformed or unknown key with 401, even on a public route', async () => {
    for (const authorization of [
      'Bearer bnd_live_nope',
      `Bearer bnd_live_${'0'.repeat(12)}_${'a'.repeat(43)}`,
    ]) {
      const res = await request(t, {
        method: 'GET',
        url: '/api/book/dropdown-data/',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
    }
  });

  it('limits requests per key on the shared counters (429 with Retry-After)', async () => {
    const customer = await createUser(t);
    const key = await makeKey(customer.user.id, ['orders:read']);
    // The key's window is full (as if another instance had served it): the next request is refused.
    for (let i = 0; i < API_KEY_LIMIT.max; i += 1)
      await t.app.rateLimiter.hit(`api-key:${key.api_key.id}`, API_KEY_LIMIT);
    const res = await request(t, { method: 'GET', url: '/api/orders/', headers: key.auth });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Another key of the same customer has its own window.
    const second = await makeKey(customer.user.id, ['orders:read'], 'second');
    expect((await request(t, { method: 'GET', url: '/api/orders/', headers: second.auth })).statusCode).toBe(
      200,
    );
  });
});

describe('the OpenAPI document', () => {
  it('describes the apiKey scheme on the routes that take keys, with their scope, and on no staff route', async () => {
    const doc = OpenApiDocument.parse((await request(t, { method: 'GET', url: '/api/docs/json' })).data);
    const raw = (await request(t, { method: 'GET', url: '/api/docs/json' })).data as {
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    expect(raw.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(operationOf(doc, '/api/orders/{id}', 'get').security).toEqual([
      { bearerAuth: [] },
      { apiKey: ['orders:read'] },
    ]);
    expect(operationOf(doc, '/api/book/uploads', 'post').security).toContainEqual({
      apiKey: ['orders:write'],
    });
    expect(operationOf(doc, '/api/calculator/calculate', 'post').security).toEqual([
      {},
      { apiKey: ['catalog:read'] },
    ]);
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!/\/admin\//.test(path)) continue;
      for (const op of Object.values(ops))
        expect(JSON.stringify(op.security ?? []), path).not.toContain('apiKey');
    }
    defined(doc.paths['/api/admin/users/{id}/api-keys'], 'the staff key routes');
  });
});
