/**
 * The authorization matrix, generated from the route table: every registered route × anonymous, a
 * customer, another customer (who owns nothing of the first one's) and an admin. Each route declares its access
 * level where it is registered (`config: { access }`, src/lib/access.ts); a route registered without a declaration
 * fails the test, so a new route cannot be forgotten. Expected, by level:
 * - public:   nobody is refused for who they are (no 401/403);
 * - customer: anonymous 401; any signed-in user passes;
 * - owner:    anonymous 401; the owner passes (never 404 for their own resource); another customer gets 404 (never
 *             the resource, never a hint that it exists); an admin is treated as another customer on store routes;
 * - owner-or-admin: as owner, but an admin passes too (staff open a customer's files from Order Details);
 * - admin:    anonymous 401, a customer 403, an admin passes.
 * Whatever the level and caller: never a 5xx. Bodies are empty JSON objects, so "passes" is usually a 400 from
 * the route's own validation — after authorization, which runs first (onRequest).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, type Access } from '#lib/access.js';
import type { RouteEntry } from '#app.js';
import { createUser, newSession, setupTestApp } from './helper.js';
import { orderOneBook, payOrder, placeOrder } from './orders-fixtures.js';
import { createEbook } from './projects.js';
import { startPaymentFakes } from './payment-fakes.js';

const { env: fakesEnv } = await startPaymentFakes();
const t = setupTestApp({ env: fakesEnv });

type Caller = 'anonymous' | 'customer' | 'other' | 'admin';
let headers: Record<Caller, Record<string, string>>;
let users: Record<Exclude<Caller, 'anonymous'>, { id: number; token_version: number }>;
let ownerIds: {
  project: number;
  order: number;
  upload: string;
  ebook: number;
  ebookOrder: number;
  webhook: number;
  delivery: number;
  invoice: string;
};

beforeAll(async () => {
  const [customer, other, admin] = await Promise.all([
    createUser(t),
    createUser(t),
    createUser(t, { is_admin: true }),
  ]);
  headers = { anonymous: {}, customer: customer.auth, other: other.auth, admin: admin.auth };
  users = { customer: customer.user, other: other.user, admin: admin.user };
  const { project, order } = await orderOneBook(t, customer.auth, 'Matrix Book');
  const detail = await t.app.inject({
    method: 'GET',
    url: `/api/book/${project.id}/`,
    headers: customer.auth,
  });
  // The downloads route serves a paid order's e-book (ADR 0034): the owner's own download passes.
  const ebook = await createEbook(t, customer.auth, 'Matrix E-Book');
  const ebookOrder = await placeOrder(t, customer.auth, [ebook.id], 'digital');
  await payOrder(t, ebookOrder.id);
  // A webhook endpoint with one delivery (ADR 0076); its target is a documentation address, never sent to.
  const webhook = await t.db
    .insertInto('webhook_endpoints')
    .values({
      user_id: customer.user.id,
      url: 'http://192.0.2.1/hooks',
      events: '["order.shipped"]',
      secret: 'whsec_x',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = await t.db
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: webhook.id,
      event_id: 'evt_matrix',
      event_type: 'test',
      payload: '{}',
      status: 'delivered',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ownerIds = {
    webhook: webhook.id,
    delivery: delivery.id,
    project: project.id,
    order: order.id,
    upload: detail.json<{ pdf_upload_id: string }>().pdf_upload_id,
    ebook: ebook.id,
    ebookOrder: ebookOrder.id,
    // The paid order's invoice (ADR 0075): the owner's own download passes.
    invoice: (
      await t.db
        .selectFrom('invoices')
        .select('number')
        .where('order_id', '=', ebookOrder.id)
        .executeTakeFirstOrThrow()
    ).number,
  };
});

/** Deletes last: the owner's delete really deletes the project the other owner routes read. */
const routes = () =>
  t.app.routeTable
    .map(({ method, url, access, endsSession }) => ({
      method,
      url,
      access,
      endsSession,
      key: `${method} ${url.replace(/(.)\/$/, '$1')}`,
    }))
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

/** The caller's headers; a fresh session of the same user for a route that ends the session it is called with. */
const headersFor = async (route: Pick<RouteEntry, 'endsSession'>, caller: Caller) =>
  route.endsSession && caller !== 'anonymous' ? newSession(t, users[caller]) : headers[caller];

/** A concrete URL for a route: the customer's own project or order where the route names one. */
async function concrete(url: string): Promise<string> {
  let path = url.replace(/\*$/, 'anything');
  if (path.startsWith('/api/book/uploads/:id')) path = path.replace(':id', ownerIds.upload);
  if (path.startsWith('/api/book/:id')) path = path.replace(':id', String(ownerIds.project));
  if (path.startsWith('/api/orders/:id/downloads/:project_id')) {
    path = path.replace(':id', String(ownerIds.ebookOrder)).replace(':project_id', String(ownerIds.ebook));
  }
  if (path.includes('/orders/:id/invoices/:number')) {
    path = path.replace(':id', String(ownerIds.ebookOrder)).replace(':number', ownerIds.invoice);
  }
  if (path.startsWith('/api/orders/:id') || path.startsWith('/api/admin/orders/:id'))
    path = path.replace(':id', String(ownerIds.order));
  if (path.startsWith('/api/users/me/webhooks/:id')) {
    path = path.replace(':id', String(ownerIds.webhook)).replace(':delivery_id', String(ownerIds.delivery));
  }
  if (path.startsWith('/api/users/admin/users/:id')) {
    // An admin's delete really deletes: a throwaway account each time.
    path = path.replace(':id', String((await createUser(t)).user.id));
  }
  return path
    .replace(':kind', 'pdf')
    .replace(':uidb64', 'MQ')
    .replace(':token', 'not-a-token')
    .replace(':id', '1');
}

describe('the authorization matrix', () => {
  it('declares an access level for every registered route', () => {
    const undeclared = routes()
      .filter((r) => r.access === undefined || !ACCESS_LEVELS.includes(r.access))
      .map((r) => r.key);
    expect(
      undeclared,
      "declare who may call these routes: config: { access: 'public' | 'customer' | … }",
    ).toEqual([]);
    expect(routes().length).toBeGreaterThan(60);
  });

  it('gives each caller what the route’s level says, and never a 5xx', async () => {
    const wrong: string[] = [];
    for (const route of routes()) {
      const access = route.access;
      if (!access) continue;
      for (const caller of ['anonymous', 'customer', 'other', 'admin'] as const) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: await concrete(route.url),
          headers: await headersFor(route, caller),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const status = res.statusCode;
        const expected = expectation(access, caller);
        if (status >= 500 || !expected.ok(status)) {
          wrong.push(
            `${route.key} as ${caller}: ${status} (expected ${expected.text}) ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

function expectation(access: Access, caller: Caller): { ok: (status: number) => boolean; text: string } {
  const passes = { ok: (s: number) => s !== 401 && s !== 403, text: 'not 401/403' };
  const is = (code: number) => ({ ok: (s: number) => s === code, text: String(code) });
  if (access === 'public') return passes;
  if (caller === 'anonymous') return is(401);
  if (access === 'customer') return passes;
  if (access === 'admin') return caller === 'admin' ? passes : is(403);
  // owner, owner-or-admin
  if (caller === 'admin' && access === 'owner-or-admin') return passes;
  if (caller === 'customer')
    return { ok: (s) => s !== 401 && s !== 403 && s !== 404, text: 'not 401/403/404' };
  return is(404);
}
