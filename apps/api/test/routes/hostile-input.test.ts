/**
 * Hostile input never gives a 5xx: text with control characters that PostgreSQL cannot store (a NUL
 * byte) is a 400 naming the field wherever it is sent, and a webhook body that Stripe's signature vouches for but
 * that is not a Stripe event of the shape we read is a 400 (logged), not a crash.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { createUser, setupTestApp } from '../helper.js';
import { startPaymentFakes } from '../payment-fakes.js';

const { stripe, env: fakesEnv } = await startPaymentFakes();
const t = setupTestApp({ env: fakesEnv });

describe('text with control characters', () => {
  const NUL = 'A\u0000B';

  it('is a 400 naming the field in a JSON body, anonymous or signed in (sign-up, login, a project, the cart)', async () => {
    const user = await createUser(t);
    const cases: { url: string; payload: Record<string, unknown>; auth?: boolean; field: string }[] = [
      {
        url: '/api/users/register/',
        payload: { name: NUL, email: 'nul@example.test', password: 'Str0ng-pass!' },
        field: 'body.name',
      },
      { url: '/api/users/login/', payload: { email: `x${NUL}@example.test`, password: 'whatever' }, field: 'body.email' },
      { url: '/api/users/password-reset/', payload: { email: `x${NUL}@example.test` }, field: 'body.email' },
      { url: '/api/save-shipping/', payload: { project_ids: [1], address: { name: NUL } }, auth: true, field: 'body.address.name' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: c.url,
        payload: c.payload,
        headers: c.auth ? user.auth : {},
      });
      expect(res.statusCode, `${c.url}: ${res.body}`).toBe(400);
      const body = ErrorBody.parse(res.json());
      expect(body.fields?.map((f) => f.path), c.url).toContain(c.field);
    }
  });

  it('is a 400 in a query string', async () => {
    const user = await createUser(t);
    const admin = await createUser(t, { is_admin: true });
    const query = await t.app.inject({ method: 'GET', url: '/api/admin/orders/?q=%00x', headers: admin.auth });
    expect(query.statusCode, query.body).toBe(400);
    expect(ErrorBody.parse(query.json()).fields?.map((f) => f.path)).toContain('querystring.q');
    const lookup = await t.app.inject({ method: 'GET', url: '/api/orders/lookup/?number=BND%00', headers: user.auth });
    expect(lookup.statusCode, lookup.body).toBe(400);
  });

  it('keeps tabs and line breaks, and any other script (é, 中, emoji)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register/',
      payload: {
        name: 'Zoë 中文 📚\tOK',
        email: `ok-${Date.now()}@example.test`,
        password: 'Str0ng-pass!',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('ids', () => {
  it('are whole numbers in JSON bodies: "1" and [5] are a 400', async () => {
    const user = await createUser(t);
    for (const order_id of ['1', [5], 1.5]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create-checkout-session/',
        payload: { order_id },
        headers: user.auth,
      });
      expect(res.statusCode, `${JSON.stringify(order_id)}: ${res.body}`).toBe(400);
      expect(ErrorBody.parse(res.json()).fields?.map((f) => f.path)).toContain('body.order_id');
    }
  });

  it('are digits in paths and query strings', async () => {
    const user = await createUser(t);
    for (const url of ['/api/orders/1x/', '/api/orders/%201/', '/api/orders/1e1/', '/api/book/0x1/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: user.auth });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    const bindings = await t.app.inject({ method: 'GET', url: '/api/calculator/bindings/?trim_size_id=1.0&page_count=40' });
    expect(bindings.statusCode, bindings.body).toBe(400);
  });
});

describe('a signed Stripe webhook that is not an event of the shape we read', () => {
  const send = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook/',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret }),
      },
    });

  it.each([
    ['a JSON array', '[]'],
    ['a string', '"checkout.session.completed"'],
    ['no id or type', '{}'],
    ['a number as id', '{"id": 7, "type": "checkout.session.completed", "data": {"object": {}}}'],
    ['a session event without data', '{"id": "evt_1", "type": "checkout.session.completed"}'],
    ['a session that is null', '{"id": "evt_2", "type": "checkout.session.completed", "data": {"object": null}}'],
    [
      'an amount as text',
      '{"id": "evt_3", "type": "checkout.session.completed", "data": {"object": {"id": "cs_1", "amount_total": "100", "currency": "usd", "payment_status": "paid"}}}',
    ],
    ['a NUL in the event id', '{"id": "evt_\\u0000", "type": "ping", "data": {"object": {}}}'],
  ])('%s is a 400', async (_name, payload) => {
    const res = await send(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(ErrorBody.parse(res.json()).code).toBe('INVALID_WEBHOOK_EVENT');
  });

  it('still acknowledges a well-formed event of a type we do not act on', async () => {
    const res = await send('{"id": "evt_other_1", "type": "customer.created", "data": {"object": {"id": "cus_1"}}}');
    expect(res.statusCode, res.body).toBe(200);
  });
});
