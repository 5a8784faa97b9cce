/**
 * The public catalog of all seven categories on the seeded price lists: the spec's paths and keys, bindings by
 * trim and page count, and a quote per category checked against a hand computation.
 */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import {
  AvailableBindingItem,
  AvailableCatalogItem,
  BindingItem,
  BindingsResponse,
  CalculateResponse,
  TrimSizeItem,
} from '@bindery/contracts/store/catalog';
import { apiSecurityHeaders } from '#plugins/external/security.js';
import { bodyKeys, defined, json, request, setupTestApp } from '../helper.js';

const t = setupTestApp();

type Item = {
  id: number;
  name: string;
  code: string;
  price?: string;
  price_per_page?: string;
  trim_size_id?: number | null;
};
type Options = Record<string, Item[]>;

async function options(slug: string, path = 'dropdowns'): Promise<Options> {
  const res = await request(t, { method: 'GET', url: `/api/${slug}/${path}/` });
  expect(res.statusCode).toBe(200);
  return res.data as Options;
}

/** The id of the item named `name` under `key` (on a trim, for per-trim bindings). */
function id(opts: Options, key: string, name: string, trimId?: number): number {
  const found = opts[key]?.find(
    (i) => i.name === name && (trimId === undefined || i.trim_size_id === trimId),
  );
  if (!found) throw new Error(`no ${name} in ${key}`);
  return found.id;
}

async function calculate(slug: string, payload: Record<string, unknown>) {
  return request(t, { method: 'POST', url: `/api/${slug}/calculate/`, payload });
}

describe('dropdowns: the spec’s keys per category, prices as decimal strings', () => {
  it.each([
    [
      'calculator',
      'dropdowns',
      ['trim_sizes', 'interior_colors', 'paper_types', 'cover_finishes', 'bindings', 'binding_types'],
    ],
    [
      'photobook',
      'dropdowns',
      [
        'trim_sizes',
        'bindings',
        'interior_colors',
        'paper_types',
        'cover_finishes',
        'spines',
        'exterior_colors',
        'foil_stampings',
        'screen_stampings',
      ],
    ],
    [
      'magazine',
      'dropdowns',
      ['trim_sizes', 'interior_colors', 'paper_types', 'cover_finishes', 'binding_types'],
    ],
    ['yearbook', 'dropdowns', ['trim_sizes', 'interior_colors', 'paper_types', 'cover_finishes', 'bindings']],
    ['calender', 'dropdowns', ['bindings', 'interior_colors', 'paper_types', 'cover_finishes']],
    [
      'comicbook',
      'dropdowns',
      ['trim_sizes', 'interior_colors', 'paper_types', 'cover_finishes', 'bindings'],
    ],
    [
      'pricing',
      'options',
      [
        'binding_types',
        'spine_types',
        'exterior_colors',
        'foil_stampings',
        'screen_stampings',
        'corner_protectors',
        'interior_colors',
        'paper_types',
      ],
    ],
  ])('%s/%s/ answers %j', async (slug, path, keys) => {
    const opts = await options(slug, path);
    expect(Object.keys(opts).sort()).toEqual([...keys].sort());
    for (const key of keys) expect(defined(opts[key], key).length, key).toBeGreaterThan(0);
  });

  it('gives each item exactly the price field its kind uses, as text', async () => {
    const print = await options('calculator');
    expect(
      defined(print.interior_colors, 'print.interior_colors').find((i) => i.name === 'Premium Color'),
    ).toMatchObject({
      price_per_page: '0.10',
    });
    expect(defined(print.interior_colors, 'print.interior_colors')[0]).not.toHaveProperty('price');
    expect(
      defined(print.cover_finishes, 'print.cover_finishes').find((i) => i.name === 'Gloss'),
    ).toMatchObject({ price: '0.10' });
    const mag = await options('magazine');
    expect(
      defined(mag.interior_colors, 'mag.interior_colors').find((i) => i.name === 'Premium Black & White'),
    ).toMatchObject({
      price_per_page: '0.0325',
    });
    const cal = await options('calender');
    expect(defined(cal.interior_colors, 'cal.interior_colors')[0]).toMatchObject({ price: '0.00' });
    expect(defined(cal.bindings, 'cal.bindings')[0]).toMatchObject({
      name: 'Wire O',
      price: '12.00',
      min_pages: null,
      max_pages: null,
    });
  });

  it('lists trim sizes with real dimensions and bindings with their page ranges', async () => {
    const print = await options('calculator');
    const trade = TrimSizeItem.parse(
      defined(print.trim_sizes, 'print.trim_sizes').find((i) => i.name === 'US Trade'),
    );
    expect(trade).toMatchObject({ dimensions: '6 x 9 in', width_mm: 152.4, height_mm: 228.6, price: '0.00' });
    expect(print.bindings).toEqual(print.binding_types);
    expect(print.bindings).toHaveLength(74);
    const landscape = defined(
      defined(print.trim_sizes, 'trim_sizes').find((i) => i.name === 'US Letter Landscape'),
      'US Letter Landscape',
    );
    const perfect = BindingItem.parse(
      defined(print.bindings, 'print.bindings').find(
        (b) => b.name === 'Perfect Bound' && b.trim_size_id === landscape.id,
      ),
    );
    expect(perfect).toMatchObject({
      price: '2.00',
      min_pages: 32,
      max_pages: 250,
      trim_size_name: 'US Letter Landscape',
    });
  });

  it('serves the comic editor every binding with min and max pages at comic/all-bindings/', async () => {
    const res = await request(t, { method: 'GET', url: '/api/comicbook/comic/all-bindings/' });
    expect(res.statusCode).toBe(200);
    const bindings = json(res, BindingItem.array());
    expect(bindings).toHaveLength(15);
    const deluxe = bindings.filter((b) => b.trim_size_name === 'Larger Deluxe');
    expect(deluxe.find((b) => b.name === 'Perfect Bound')).toMatchObject({
      price: '3.00',
      min_pages: 32,
      max_pages: 800,
    });
    expect(deluxe.find((b) => b.name === 'Saddle Stitch')).toMatchObject({ min_pages: 4, max_pages: 48 });
  });

  it('has no paths the spec does not list', async () => {
    for (const url of [
      '/api/calender/bindings/',
      '/api/pricing/dropdowns/',
      '/api/magazine/available-options/',
      '/api/calculator/comic/all-bindings/',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('bindings/ and available-options/', () => {
  it('filters the bindings of a trim by page count (perfect bound only to 250 pages on US Letter Landscape)', async () => {
    const print = await options('calculator');
    const landscape = id(print, 'trim_sizes', 'US Letter Landscape');
    const names = async (pages: number) => {
      const res = await request(t, {
        method: 'GET',
        url: `/api/calculator/bindings/?trim_size_id=${landscape}&page_count=${pages}`,
      });
      expect(res.statusCode).toBe(200);
      const list = json(res, BindingItem.array());
      expect(list.every((b) => b.trim_size_id === landscape)).toBe(true);
      return list.map((b) => b.name);
    };
    expect(await names(40)).toEqual([
      'Perfect Bound',
      'Coil Bound',
      'Saddle Stitch',
      'Case Wrap',
      'Linen Wrap',
    ]);
    expect(await names(250)).toEqual(['Perfect Bound', 'Coil Bound', 'Case Wrap', 'Linen Wrap']);
    expect(await names(300)).toEqual(['Coil Bound', 'Case Wrap', 'Linen Wrap']);
    expect(await names(600)).toEqual(['Case Wrap', 'Linen Wrap']);
  });

  it('works the same for categories whose bindings are not per trim', async () => {
    const year = await options('yearbook');
    const a4l = id(year, 'trim_sizes', 'A4 Landscape');
    const res = await request(t, {
      method: 'GET',
      url: `/api/yearbook/bindings/?trim_size_id=${a4l}&page_count=260`,
    });
    expect(json(res, BindingsResponse).map((b) => b.name)).toEqual(['Coil Bound', 'Case Wrap', 'Linen Wrap']);
  });

  it('marks unavailable options instead of hiding them, with the reason', async () => {
    const print = await options('calculator');
    const trade = id(print, 'trim_sizes', 'US Trade');
    const res = await request(t, {
      method: 'GET',
      url: `/api/calculator/available-options/?trim_size_id=${trade}&page_count=60`,
    });
    expect(res.statusCode).toBe(200);
    expect(bodyKeys(res)).toEqual(['bindings', 'cover_finishes', 'interior_colors', 'paper_types']);
    const available = json(
      res,
      z.object({ bindings: z.array(AvailableBindingItem), interior_colors: z.array(AvailableCatalogItem) }),
    );
    expect(available.bindings).toHaveLength(5);
    expect(available.bindings.find((b) => b.name === 'Saddle Stitch')).toMatchObject({
      available: false,
      unavailable_reason: 'Saddle Stitch is available for 4 to 48 pages on US Trade, not 60.',
    });
    expect(available.bindings.find((b) => b.name === 'Perfect Bound')).toMatchObject({
      available: true,
      price: '1.71',
    });
    expect(available.interior_colors.every((i) => i.available)).toBe(true);
  });

  it('refuses a missing or unknown trim and a page count out of range with 400', async () => {
    const print = await options('calculator');
    const trade = id(print, 'trim_sizes', 'US Trade');
    const missing = await request(t, { method: 'GET', url: `/api/calculator/bindings/?page_count=100` });
    expect(missing.statusCode).toBe(400);
    expect(json(missing, ErrorBody).fields?.[0]?.path).toBe('querystring.trim_size_id');
    const unknown = await request(t, {
      method: 'GET',
      url: `/api/magazine/bindings/?trim_size_id=${trade}&page_count=100`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown, ErrorBody).error).toBe(`trim_size_id ${trade} is not a Magazine trim size.`);
    const tooMany = await request(t, {
      method: 'GET',
      url: `/api/calculator/bindings/?trim_size_id=${trade}&page_count=900`,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(json(tooMany, ErrorBody).error).toBe('Page count must be between 2 and 800.');
  });
});

describe('calculate/: one quote per category, computed by hand', () => {
  it('print book: US Trade Perfect Bound 1.71 + (0.01 + 0.01) × 100 + Gloss 0.10 = 3.81; × 10 = 38.10', async () => {
    const o = await options('calculator');
    const trim = id(o, 'trim_sizes', 'US Trade');
    const res = await calculate('calculator', {
      trim_size_id: trim,
      binding_id: id(o, 'bindings', 'Perfect Bound', trim),
      interior_color_id: id(o, 'interior_colors', 'Standard Black & White'),
      paper_type_id: id(o, 'paper_types', '60# White-Uncoated'),
      cover_finish_id: id(o, 'cover_finishes', 'Gloss'),
      page_count: 100,
      quantity: 10,
    });
    expect(res.statusCode).toBe(200);
    const q = json(res, CalculateResponse);
    expect(q).toMatchObject({
      cost_per_book: '3.81',
      total_cost: '38.10',
      unit_price: '3.81',
      page_count: 100,
      quantity: 10,
    });
    expect(q).not.toHaveProperty('original_total_cost');
    expect(q.tiers.map((tier) => tier.cost_per_book)).toEqual(['3.81', '3.62', '3.43', '3.24']);
  });

  it('photo book: Case Wrap 9.50 + Matte 0.10 + Round 5 + Brown 3 + Gold foil 10 + (0.17 + 0.015) × 40 = 35.00; × 2', async () => {
    const o = await options('photobook');
    const res = await calculate('photobook', {
      trim_size_id: id(o, 'trim_sizes', 'Square'),
      binding_id: id(o, 'bindings', 'Case Wrap'),
      interior_color_id: id(o, 'interior_colors', 'Premium Color'),
      paper_type_id: id(o, 'paper_types', '80# White-Coated'),
      cover_finish_id: id(o, 'cover_finishes', 'Matte'),
      spine_id: id(o, 'spines', 'Round'),
      exterior_color_id: id(o, 'exterior_colors', 'Brown'),
      foil_stamping_id: id(o, 'foil_stampings', 'Gold'),
      screen_stamping_id: null,
      page_count: 40,
      quantity: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ cost_per_book: '35.00', total_cost: '70.00' });
  });

  it('magazine: 33 pages saddle-stitched print as 36; 5.00 + (0.0325 + 0.02) × 36 = 6.89; 150 copies −5%', async () => {
    const o = await options('magazine');
    const res = await calculate('magazine', {
      trim_size_id: id(o, 'trim_sizes', 'A4'),
      binding_id: id(o, 'binding_types', 'Saddle Stitch'),
      interior_color_id: id(o, 'interior_colors', 'Premium Black & White'),
      paper_type_id: id(o, 'paper_types', '70# White-Uncoated'),
      cover_finish_id: id(o, 'cover_finishes', 'Gloss'),
      page_count: '33',
      quantity: '150',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      page_count: 36,
      unit_price: '6.89',
      cost_per_book: '6.55',
      original_total_cost: '1033.50',
      discount_percent: 5,
      discount_amount: '51.68',
      total_cost: '981.82',
    });
  });

  it('year book: US Letter Landscape Perfect Bound 2.50 + (0.19 + 0.03) × 120 = 28.90; 500 copies −10%', async () => {
    const o = await options('yearbook');
    const res = await calculate('yearbook', {
      trim_size_id: id(o, 'trim_sizes', 'US Letter Landscape'),
      binding_id: id(o, 'bindings', 'Perfect Bound'),
      interior_color_id: id(o, 'interior_colors', 'Premium Color'),
      paper_type_id: id(o, 'paper_types', '80# White-Coated'),
      cover_finish_id: id(o, 'cover_finishes', 'Matte'),
      page_count: 120,
      quantity: 500,
    });
    expect(res.data).toMatchObject({
      cost_per_book: '26.01',
      original_total_cost: '14450.00',
      discount_amount: '1445.00',
      total_cost: '13005.00',
    });
  });

  it('calendar: Wire O 12.00 per copy, page count ignored; 1000 copies −15%', async () => {
    const o = await options('calender');
    const res = await calculate('calender', {
      binding_id: id(o, 'bindings', 'Wire O'),
      interior_color_id: id(o, 'interior_colors', 'Premium Color'),
      paper_type_id: id(o, 'paper_types', '100# White-Coated'),
      cover_finish_id: id(o, 'cover_finishes', 'Gloss'),
      page_count: 1,
      quantity: 1000,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      cost_per_book: '10.20',
      total_cost: '10200.00',
      original_total_cost: '12000.00',
      discount_percent: 15,
    });
    expect(res.data).not.toHaveProperty('page_count');
  });

  it('comic book: Larger Deluxe Perfect Bound 3.00 + (0.03 + 0.01) × 32 = 4.28; × 25 = 107.00', async () => {
    const o = await options('comicbook');
    const trim = id(o, 'trim_sizes', 'Larger Deluxe');
    const res = await calculate('comicbook', {
      trim_size_id: trim,
      binding_id: id(o, 'bindings', 'Perfect Bound', trim),
      interior_color_id: id(o, 'interior_colors', 'Premium Black & White'),
      paper_type_id: id(o, 'paper_types', '60# Cream-Uncoated'),
      cover_finish_id: id(o, 'cover_finishes', 'Gloss'),
      page_count: 32,
      quantity: 25,
    });
    expect(res.data).toMatchObject({ cost_per_book: '4.28', total_cost: '107.00' });
  });

  it('thesis: 79 + 5 + 5 + 15 + 6 + (0.19 + 0.02) × 102 (101 pages printed) = 131.42', async () => {
    const o = await options('pricing', 'options');
    const res = await calculate('pricing', {
      binding_id: id(o, 'binding_types', 'Leather Case Wrap'),
      spine_id: id(o, 'spine_types', 'Round'),
      exterior_color_id: id(o, 'exterior_colors', 'Black'),
      foil_stamping_id: id(o, 'foil_stampings', 'Silver'),
      corner_protector_id: id(o, 'corner_protectors', 'Vintage'),
      interior_color_id: id(o, 'interior_colors', 'Premium Color'),
      paper_type_id: id(o, 'paper_types', '70# White-Uncoated'),
      page_count: 101,
      quantity: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ cost_per_book: '131.42', total_cost: '131.42', page_count: 102 });
  });
});

describe('security headers (computed once, set on every answer)', () => {
  it('are exactly the API set on quotes, refusals and unknown routes', async () => {
    const expected = Object.entries(apiSecurityHeaders());
    expect(expected.length).toBeGreaterThanOrEqual(7);
    const answers = [
      await request(t, { method: 'POST', url: '/api/calculator/calculate/', payload: {} }),
      await request(t, { method: 'GET', url: '/api/calender/dropdowns/' }),
      await request(t, { method: 'GET', url: '/api/nowhere/' }),
    ];
    for (const res of answers) {
      for (const [name, value] of expected) expect(res.headers[name.toLowerCase()], name).toBe(value);
    }
  });
});

describe('calculate/ refuses what it cannot price, with clear 400s', () => {
  const printBody = async () => {
    const o = await options('calculator');
    const trim = id(o, 'trim_sizes', 'US Letter Landscape');
    return {
      trim_size_id: trim,
      binding_id: id(o, 'bindings', 'Perfect Bound', trim),
      interior_color_id: id(o, 'interior_colors', 'Standard Color'),
      paper_type_id: id(o, 'paper_types', '80# White-Coated'),
      cover_finish_id: id(o, 'cover_finishes', 'Matte'),
      page_count: 100,
      quantity: 1,
    };
  };

  it('refuses client-sent prices (the thesis calculator of the original trusted them)', async () => {
    const o = await options('pricing', 'options');
    const res = await calculate('pricing', {
      binding_id: id(o, 'binding_types', 'Leather Case Wrap'),
      interior_color_id: id(o, 'interior_colors', 'Premium Color'),
      paper_type_id: id(o, 'paper_types', '70# White-Uncoated'),
      binding_price: 0,
      page_count: 100,
      quantity: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody).code).toBe('VALIDATION_ERROR');
    expect(json(res, ErrorBody).error).toContain('binding_price');
  });

  it('names a page count outside the binding’s range on this trim', async () => {
    const res = await calculate('calculator', { ...(await printBody()), page_count: 300 });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody)).toMatchObject({
      code: 'INVALID_CONFIGURATION',
      error: 'Perfect Bound is available for 32 to 250 pages on US Letter Landscape, not 300.',
      fields: [
        {
          path: 'body.page_count',
          message: 'Perfect Bound is available for 32 to 250 pages on US Letter Landscape, not 300.',
        },
      ],
    });
  });

  it('refuses unknown ids, another category’s ids and a binding of another trim', async () => {
    const body = await printBody();
    const unknown = await calculate('calculator', { ...body, cover_finish_id: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown, ErrorBody).error).toBe('cover_finish_id 999999 is not a Print Book cover finish.');
    const mag = await options('magazine');
    const foreign = await calculate('calculator', {
      ...body,
      interior_color_id: id(mag, 'interior_colors', 'Premium Color'),
    });
    expect(foreign.statusCode).toBe(400);
    const o = await options('calculator');
    const otherTrim = id(o, 'bindings', 'Perfect Bound', id(o, 'trim_sizes', 'A4'));
    const wrongTrim = await calculate('calculator', { ...body, binding_id: otherTrim });
    expect(json(wrongTrim, ErrorBody).error).toBe(
      `Perfect Bound (binding_id ${otherTrim}) is not offered for trim size US Letter Landscape.`,
    );
  });

  it('refuses bad quantities and page counts, and missing fields', async () => {
    const body = await printBody();
    for (const quantity of [0, -5, 100_001]) {
      const res = await calculate('calculator', { ...body, quantity });
      expect(res.statusCode).toBe(400);
      expect(json(res, ErrorBody).error).toBe('Quantity must be a whole number from 1 to 100000.');
    }
    const fractional = await calculate('calculator', { ...body, quantity: 1.5 });
    expect(fractional.statusCode).toBe(400);
    expect(json(fractional, ErrorBody).fields?.[0]?.path).toBe('body.quantity');
    const onePage = await calculate('calculator', { ...body, page_count: 1 });
    expect(json(onePage, ErrorBody).error).toBe('Page count must be between 2 and 800.');
    const { binding_id: _omitted, ...noBinding } = body;
    const missing = await calculate('calculator', noBinding);
    expect(missing.statusCode).toBe(400);
    expect(json(missing, ErrorBody).fields?.[0]?.path).toBe('body.binding_id');
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/calculator/calculate/',
      payload: 'nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });
});
