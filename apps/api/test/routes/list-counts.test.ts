/**
 * The lists' "n of m" counts are reused for COUNT_CACHE_SECONDS (src/db/count-cache.ts, docs/decisions/0047):
 * exact at once after this instance's own writes (through the API or straight into its database handle), another
 * instance's writes shown once the TTL has passed. Time is the app's manual clock: nothing sleeps.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminListUsersResponse } from '@bindery/contracts/admin/users';
import { AdminOrderListResponse } from '@bindery/contracts/admin/orders';
import { MyOrdersResponse } from '@bindery/contracts/store/orders';
import type { DB } from '#db/database.js';
import { manualClock } from '#lib/clock.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';
import { orderOneBook } from '../orders-fixtures.js';

const clock = manualClock();
const t = setupTestApp({ clock });

type User = Awaited<ReturnType<typeof createUser>>;
let admin: User;
let customer: User;
/** Another API instance's connection to the same database: its writes are not this instance's. */
let elsewhere: Kysely<DB> | undefined;

beforeAll(async () => {
  admin = await createUser(t, { is_admin: true, name: 'Grace Staff' });
  customer = await createUser(t, { name: 'Ada Reader' });
  const database = t.config.database;
  if (database.mode === 'postgres')
    elsewhere = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1 }) }),
    });
});

afterAll(async () => {
  await elsewhere?.destroy();
});

const usersTotal = async (q = '') => {
  const res = await request(t, {
    method: 'GET',
    url: `/api/users/admin/users/${q ? `?q=${q}` : ''}`,
    headers: admin.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res, AdminListUsersResponse).total;
};

describe('list counts', () => {
  it('counts a user this instance created at once, and one created elsewhere once the TTL has passed', async () => {
    expect(t.config.countCacheMs).toBe(5000);
    const before = await usersTotal();
    await createUser(t, { name: 'Made Here' });
    expect(await usersTotal()).toBe(before + 1);

    if (!elsewhere) return; // the PGlite fallback has one handle only
    await elsewhere
      .insertInto('users')
      .values({
        email: 'elsewhere@example.test',
        name: 'Made Elsewhere',
        password_hash: 'x',
        is_verified: true,
      })
      .execute();
    expect(await usersTotal()).toBe(before + 1);
    clock.advance(t.config.countCacheMs);
    expect(await usersTotal()).toBe(before + 2);
    // A search is counted on its own and sees the new row too.
    expect(await usersTotal('elsewhere')).toBe(1);
  });

  it("moves the customer's and the admin's order counts with the order, through the API", async () => {
    const mine = async () => {
      const res = await request(t, { method: 'GET', url: '/api/orders/', headers: customer.auth });
      return defined(json(res, MyOrdersResponse).total, 'the total');
    };
    const awaiting = async () => {
      const res = await request(t, {
        method: 'GET',
        url: '/api/admin/orders/?status=awaiting_payment',
        headers: admin.auth,
      });
      return defined(json(res, AdminOrderListResponse).total, 'the total');
    };
    const mineBefore = await mine();
    const awaitingBefore = await awaiting();
    const { order } = await orderOneBook(t, customer.auth);
    expect(await mine()).toBe(mineBefore + 1);
    expect(await awaiting()).toBe(awaitingBefore + 1);

    const res = await request(t, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/status/`,
      headers: admin.auth,
      payload: { status: 'canceled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await awaiting()).toBe(awaitingBefore);
  });
});
