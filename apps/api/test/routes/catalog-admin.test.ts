/**
 * Admin price updates: every spec path, admin only, validated, audited, and seen by the next quote, on this
 * instance and on another instance of the API sharing the database.
 */
import { describe, expect, inject, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { CalculateResponse } from '@bindery/contracts/store/catalog';
import { buildApp } from '#app.js';
import { createUser, defined, json, request, setupTestApp } from '../helper.js';
import { PRODUCT_LIST, updatableKinds } from '@bindery/pricing/products';

const t = setupTestApp();

type Item = {
  id: number;
  name: string;
  price?: string;
  price_per_page?: string;
  trim_size_id?: number | null;
};

async function options(slug: string, path = 'dropdowns') {
  return (await request(t, { method: 'GET', url: `/api/${slug}/${path}/` })).data as Record<string, Item[]>;
}
const find = (list: Item[] | undefined, name: string) => {
  const item = list?.find((i) => i.name === name);
  if (!item) throw new Error(`no ${name}`);
  return item;
};

describe('PUT api/{category}/{kind}/{id}/update/ permissions', () => {
  it('refuses without a token (401) and for a customer (403), and changes nothing', async () => {
    const o = await options('pricing', 'options');
    const leather = find(o.binding_types, 'Leather Case Wrap');
    const url = `/api/pricing/binding-type/${leather.id}/update/`;
    expect((await request(t, { method: 'PUT', url, payload: { price: '1' } })).statusCode).toBe(401);
    const customer = await createUser(t);
    const res = await request(t, { method: 'PUT', url, payload: { price: '1' }, headers: customer.auth });
    expect(res.statusCode).toBe(403);
    expect(json(res, ErrorBody).code).toBe('FORBIDDEN');
    expect(find((await options('pricing', 'options')).binding_types, 'Leather Case Wrap').price).toBe(
      '79.00',
    );
  });

  it('exists for exactly the kinds each editor of the spec saves', async () => {
    const admin = await createUser(t, { is_admin: true });
    for (const product of PRODUCT_LIST) {
      for (const kind of updatableKinds(product)) {
        // An unknown id reaches the handler (404), so the path exists and is guarded.
        const res = await request(t, {
          method: 'PUT',
          url: `/api/${product.slug}/${kind.adminSegment}/999999/update/`,
          payload: { [kind.priceField]: '1' },
          headers: admin.auth,
        });
        expect(res.statusCode, `${product.slug}/${kind.adminSegment}`).toBe(404);
      }
    }
    const missing = await request(t, {
      method: 'PUT',
      url: '/api/magazine/trim-size/1/update/',
      payload: { price: '1' },
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(json(missing, ErrorBody).error).toMatch(/^Route PUT/);
  });
});

describe('price updates', () => {
  it('updates a per-page price from text with four decimals, audits it, and the next quote uses it', async () => {
    const admin = await createUser(t, { is_admin: true });
    const o = await options('magazine');
    const bw = find(o.interior_colors, 'Premium Black & White');
    const res = await request(t, {
      method: 'PUT',
      url: `/api/magazine/interior-color/${bw.id}/update/`,
      payload: { price_per_page: '0.0412' },
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ id: bw.id, name: 'Premium Black & White', price_per_page: '0.0412' });
    expect(res.data).not.toHaveProperty('price');
    expect(find((await options('magazine')).interior_colors, 'Premium Black & White').price_per_page).toBe(
      '0.0412',
    );

    const quote = await request(t, {
      method: 'POST',
      url: '/api/magazine/calculate/',
      payload: {
        trim_size_id: find(o.trim_sizes, 'A4').id,
        binding_id: find(o.binding_types, 'Perfect Bound').id,
        interior_color_id: bw.id,
        paper_type_id: find(o.paper_types, '60# White-Uncoated').id,
        cover_finish_id: find(o.cover_finishes, 'Gloss').id,
        page_count: 100,
        quantity: 1,
      },
    });
    // 2.50 + (0.0412 + 0.01) × 100 = 7.62
    expect(json(quote, CalculateResponse).total_cost).toBe('7.62');

    const audit = await t.db
      .selectFrom('catalog_price_changes')
      .selectAll()
      .where('item_id', '=', bw.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      category: 'magazine',
      kind: 'interior_color',
      field: 'price_per_page',
      old_price: '0.0325',
      new_price: '0.0412',
      changed_by: admin.user.id,
    });
    expect(defined(audit[0], 'audit[0]').changed_at).toBeInstanceOf(Date);
  });

  it('accepts a JSON number and a per-trim binding, and answers with the binding’s page range', async () => {
    const admin = await createUser(t, { is_admin: true });
    const o = await options('comicbook');
    const manga = find(o.trim_sizes, 'Manga');
    const saddle = defined(
      defined(o.bindings, 'bindings').find((b) => b.name === 'Saddle Stitch' && b.trim_size_id === manga.id),
      'Saddle Stitch on Manga',
    );
    const res = await request(t, {
      method: 'PUT',
      url: `/api/comicbook/binding-type/${saddle.id}/update/`,
      payload: { price: 4.75 },
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      price: '4.75',
      trim_size_id: manga.id,
      trim_size_name: 'Manga',
      min_pages: 4,
      max_pages: 48,
    });
  });

  it('sets the print book’s trim-size surcharge, which the quote then adds per copy', async () => {
    const admin = await createUser(t, { is_admin: true });
    const o = await options('calculator');
    const square = find(o.trim_sizes, 'Square');
    const res = await request(t, {
      method: 'PUT',
      url: `/api/calculator/trim-size/${square.id}/update/`,
      payload: { price: '0.50' },
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ price: '0.50', dimensions: '8.5 x 8.5 in' });
    const quote = await request(t, {
      method: 'POST',
      url: '/api/calculator/calculate/',
      payload: {
        trim_size_id: square.id,
        binding_id: defined(
          defined(o.bindings, 'bindings').find(
            (b) => b.name === 'Coil Bound' && b.trim_size_id === square.id,
          ),
          'Coil Bound on the square trim',
        ).id,
        interior_color_id: find(o.interior_colors, 'Standard Black & White').id,
        paper_type_id: find(o.paper_types, '60# Cream-Uncoated').id,
        cover_finish_id: find(o.cover_finishes, 'Matte').id,
        page_count: 50,
        quantity: 1,
      },
    });
    // 0.50 + 6.18 + (0.01 + 0.01) × 50 + 0.10 = 7.78
    expect(json(quote, CalculateResponse).total_cost).toBe('7.78');
  });

  it('refuses bad values with 400 and leaves the price as it was', async () => {
    const admin = await createUser(t, { is_admin: true });
    const o = await options('photobook');
    const round = find(o.spines, 'Round');
    const url = `/api/photobook/spine/${round.id}/update/`;
    const cases: [Record<string, unknown>, string][] = [
      [{ price: '-1' }, 'price: Must not be negative.'],
      [{ price: '1.23456' }, 'price: Must have at most 4 decimal places.'],
      [{ price: 'abc' }, 'price: Must be a decimal number.'],
      [{ price: '' }, 'price: Must be a decimal number.'],
      [{ price: '1e3' }, 'price: Must be a decimal number.'],
      [{ price: '100000' }, 'price: Must be at most 99999.9999.'],
      [{ price_per_page: '1' }, 'price is required (spines of Photo Book use price, not price_per_page).'],
      [{}, 'price is required.'],
      [{ price: '1', price_per_page: '1' }, 'Send only price: spines of Photo Book use price.'],
    ];
    for (const [payload, message] of cases) {
      const res = await request(t, { method: 'PUT', url, payload, headers: admin.auth });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res, ErrorBody).error).toBe(message);
    }
    const extra = await request(t, {
      method: 'PUT',
      url,
      payload: { price: '1', name: 'x' },
      headers: admin.auth,
    });
    expect(extra.statusCode).toBe(400);
    expect(find((await options('photobook')).spines, 'Round').price).toBe('5.00');
  });

  it('answers 404 for an id of another kind or category', async () => {
    const admin = await createUser(t, { is_admin: true });
    const o = await options('photobook');
    const gloss = find(o.cover_finishes, 'Gloss');
    const wrongKind = await request(t, {
      method: 'PUT',
      url: `/api/photobook/spine/${gloss.id}/update/`,
      payload: { price: '1' },
      headers: admin.auth,
    });
    expect(wrongKind.statusCode).toBe(404);
    expect(json(wrongKind, ErrorBody).error).toBe(`No spine with id ${gloss.id} in Photo Book.`);
    const wrongCategory = await request(t, {
      method: 'PUT',
      url: `/api/calender/cover-finish/${gloss.id}/update/`,
      payload: { price: '1' },
      headers: admin.auth,
    });
    expect(wrongCategory.statusCode).toBe(404);
  });
});

// Only PostgreSQL has several instances to keep in step (embedded PGlite is one process): in the PGlite fallback
// this test is reported as skipped rather than passing without assertions.
describe.skipIf(inject('pg').mode !== 'postgres')('cache invalidation across API instances', () => {
  it('another instance on the same database quotes the new price without a restart (LISTEN/NOTIFY)', async () => {
    const other = await buildApp({ config: t.config });
    try {
      await other.ready();
      const o = await options('yearbook');
      const body = {
        trim_size_id: find(o.trim_sizes, 'A4').id,
        binding_id: find(o.bindings, 'Case Wrap').id,
        interior_color_id: find(o.interior_colors, 'Premium Color').id,
        paper_type_id: find(o.paper_types, '60# White-Uncoated').id,
        cover_finish_id: find(o.cover_finishes, 'Gloss').id,
        page_count: 100,
        quantity: 1,
      };
      const quoteOnOther = async () =>
        json(
          await other.inject({ method: 'POST', url: '/api/yearbook/calculate/', payload: body }),
          CalculateResponse,
        ).total_cost;
      // 9.75 + (0.19 + 0.01) × 100 = 29.75, and the other instance has it cached now.
      expect(await quoteOnOther()).toBe('29.75');

      const admin = await createUser(t, { is_admin: true });
      const res = await request(t, {
        method: 'PUT',
        url: `/api/yearbook/binding-type/${body.binding_id}/update/`,
        payload: { price: '12.00' },
        headers: admin.auth,
      });
      expect(res.statusCode).toBe(200);

      // The notification arrives within milliseconds; the 30 s poll cannot be what updates it here.
      const started = Date.now();
      let total = await quoteOnOther();
      while (total !== '32.00' && Date.now() - started < 3_000) {
        await new Promise((r) => setTimeout(r, 20));
        total = await quoteOnOther();
      }
      expect(total).toBe('32.00');
    } finally {
      await other.close();
    }
  });
});
