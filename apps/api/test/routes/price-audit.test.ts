/**
 * The price audit (docs/decisions/0063): staff read who changed which price from what to what and when, newest
 * first, paged, by editor, category and item name; and a category's prices as they stood at a moment, which is
 * what an order placed then was charged from. Both lists are served by indexes at 100,000 changes.
 */
import { sql, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { PriceChangeListResponse, PricesAtResponse } from '@bindery/contracts/admin/price-changes';
import { PRODUCTS, updatableKinds } from '@bindery/pricing/products';
import { priceChangesPageQuery } from '#plugins/app/catalog/price-audit.js';
import { planOf } from '../explain.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';

const t = setupTestApp();

const product = PRODUCTS.magazine;
const kind = defined(updatableKinds(product)[0], 'a kind the magazine editor updates');

async function anItem() {
  return t.db
    .selectFrom('catalog_items')
    .select(['id', 'name', 'price'])
    .where('category', '=', product.slug)
    .where('kind', '=', kind.kind)
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

async function setPrice(admin: { auth: Record<string, string> }, id: number, price: string) {
  const res = await request(t, {
    method: 'PUT',
    url: `/api/${product.slug}/${kind.adminSegment}/${id}/update/`,
    payload: { [kind.priceField]: price },
    headers: admin.auth,
  });
  expect(res.statusCode).toBe(200);
}

const changes = (headers: Record<string, string>, query = '') =>
  request(t, { method: 'GET', url: `/api/admin/price-changes/${query}`, headers });

describe('GET api/admin/price-changes/', () => {
  it('refuses anonymous callers (401) and customers (403)', async () => {
    expect((await changes({})).statusCode).toBe(401);
    const customer = await createUser(t);
    const res = await changes(customer.auth);
    expect(res.statusCode).toBe(403);
    expect(json(res, ErrorBody).code).toBe('FORBIDDEN');
    expect((await request(t, { method: 'GET', url: '/api/admin/prices-at/?category=magazine&at=2026-01-01T00:00:00Z', headers: customer.auth })).statusCode).toBe(403);
  });

  it('lists who changed which price from what to what, newest first, paged, by editor and by item name', async () => {
    const alice = await createUser(t, { is_admin: true, name: 'Alice Editor' });
    const bob = await createUser(t, { is_admin: true, name: 'Bob Editor' });
    const item = await anItem();
    await setPrice(alice, item.id, '1.5');
    await setPrice(bob, item.id, '2.25');

    const all = json(await changes(alice.auth, `?category=${product.slug}`), PriceChangeListResponse);
    const [newest, older] = all.data;
    expect(newest).toMatchObject({
      category: product.slug,
      category_name: product.displayName,
      kind: kind.kind,
      kind_label: kind.label,
      item_id: item.id,
      item_name: item.name,
      field: kind.priceField,
      old_price: '1.5000',
      new_price: '2.2500',
      changed_by: { id: bob.user.id, name: 'Bob Editor' },
    });
    expect(older).toMatchObject({ old_price: item.price, new_price: '1.5000', changed_by: { id: alice.user.id } });
    expect(Date.parse(defined(newest, 'newest').changed_at)).toBeGreaterThanOrEqual(Date.parse(defined(older, 'older').changed_at));

    const first = json(await changes(alice.auth, `?category=${product.slug}&limit=1`), PriceChangeListResponse);
    expect(first.data.map((c) => c.id)).toEqual([newest?.id]);
    const second = json(
      await changes(alice.auth, `?category=${product.slug}&limit=1&cursor=${defined(first.next_cursor, 'a cursor')}`),
      PriceChangeListResponse,
    );
    expect(second.data.map((c) => c.id)).toEqual([older?.id]);

    const byAlice = json(await changes(alice.auth, `?editor=${alice.user.id}`), PriceChangeListResponse);
    expect(byAlice.data.map((c) => c.changed_by?.id)).toEqual([alice.user.id]);
    const byName = json(await changes(alice.auth, `?q=${encodeURIComponent(item.name.slice(1, 6))}`), PriceChangeListResponse);
    expect(byName.data.every((c) => c.item_name.includes(item.name.slice(1, 6)))).toBe(true);
    expect(byName.data.map((c) => c.id)).toContain(newest?.id);
    expect(json(await changes(alice.auth, '?q=no-such-item-name'), PriceChangeListResponse).data).toEqual([]);
    expect((await changes(alice.auth, '?cursor=not-a-cursor')).statusCode).toBe(400);
  });
});

describe('GET api/admin/prices-at/', () => {
  it("rebuilds a category's prices at a moment from today's prices and the changes since", async () => {
    const admin = await createUser(t, { is_admin: true });
    const item = await anItem();
    const before = new Date().toISOString();
    await setPrice(admin, item.id, '3.75');
    // The moment of that change as PostgreSQL recorded it (microseconds): a JavaScript clock read could fall
    // within the same millisecond.
    const { between } = await sql<{ between: string }>`
      select to_char(max(changed_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as between
      from catalog_price_changes where item_id = ${item.id}`
      .execute(t.db)
      .then((r) => defined(r.rows[0], 'the change'));
    await setPrice(admin, item.id, '4');

    const at = async (when: string) => {
      const res = await request(t, {
        method: 'GET',
        url: `/api/admin/prices-at/?category=${product.slug}&at=${encodeURIComponent(when)}`,
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(200);
      const body = json(res, PricesAtResponse);
      return defined(body.items.find((i) => i.item_id === item.id), 'the item');
    };
    expect(await at(before)).toMatchObject({ price_then: item.price, price_now: '4.0000', changed_since: true });
    expect(await at(between)).toMatchObject({ price_then: '3.7500', price_now: '4.0000', changed_since: true });
    expect(await at(new Date().toISOString())).toMatchObject({ price_then: '4.0000', changed_since: false });

    const unknown = await request(t, { method: 'GET', url: '/api/admin/prices-at/?category=nope&at=2026-01-01T00:00:00Z', headers: admin.auth });
    expect(unknown.statusCode).toBe(404);
    const badTime = await request(t, { method: 'GET', url: '/api/admin/prices-at/?category=magazine&at=yesterday', headers: admin.auth });
    expect(badTime.statusCode).toBe(400);
  });
});

describe('at 100,000 recorded changes', () => {
  it('reads the newest page and one editor’s page through their indexes, never scanning the table', async () => {
    const admin = await createUser(t, { is_admin: true });
    const item = await anItem();
    await sql`
      insert into catalog_price_changes (item_id, category, kind, field, old_price, new_price, changed_by, changed_at)
      select ${item.id}, ${product.slug}, ${kind.kind}, ${kind.priceField}, 1, 2,
             case when g % 10 = 0 then ${admin.user.id}::int else null end,
             now() - (g || ' seconds')::interval
      from generate_series(1, 100000) g
    `.execute(t.db);
    await sql`analyze catalog_price_changes`.execute(t.db);
    const plan = (query: { compile(): CompiledQuery }) => planOf(t.db, query);
    const noSeqScan = (text: string) =>
      expect(text).not.toMatch(/"Node Type":"Seq Scan"[^}]*"Relation Name":"catalog_price_changes"/);

    const newest = await plan(priceChangesPageQuery(t.db, { limit: 50 }));
    noSeqScan(newest);
    expect(newest).toContain('catalog_price_changes_recent_idx');
    const editor = await plan(priceChangesPageQuery(t.db, { limit: 50, editor: admin.user.id }));
    noSeqScan(editor);
    expect(editor).toContain('catalog_price_changes_editor_idx');
  }, 60_000);
});
