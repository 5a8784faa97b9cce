import { describe, expect, it } from 'vitest';
import {
  BindingItem,
  calculateBody,
  catalogOptionsResponse,
  catalogRoutes,
  WholeNumber,
  type CatalogProduct,
} from './catalog.js';

describe('catalog contracts', () => {
  it('builds a category’s options response with exactly its keys and item shapes', () => {
    const schema = catalogOptionsResponse([
      { key: 'trim_sizes', kind: 'trim_size' },
      { key: 'binding_types', kind: 'binding' },
      { key: 'paper_types', kind: 'paper_type' },
    ]);
    const binding = {
      id: 2,
      code: 'perfect_bound',
      name: 'Perfect Bound',
      price: '2.50',
      binding_style: 'perfect_bound',
      trim_size_id: null,
      trim_size_name: null,
      min_pages: 32,
      max_pages: 800,
    };
    const ok = {
      trim_sizes: [
        {
          id: 1,
          code: 'a4',
          name: 'A4',
          price: '0.00',
          dimensions: '210 x 297 mm',
          width_mm: 210,
          height_mm: 297,
        },
      ],
      binding_types: [binding],
      paper_types: [{ id: 3, code: 'x', name: '60# White-Uncoated', price_per_page: '0.01' }],
    };
    expect(schema.parse(ok)).toEqual(ok);
    expect(schema.safeParse({ ...ok, binding_types: undefined }).success).toBe(false);
    expect(
      schema.safeParse({ ...ok, trim_sizes: [{ id: 1, code: 'a4', name: 'A4', price: '0.00' }] }).success,
    ).toBe(false);
    expect(
      schema.safeParse({ ...ok, paper_types: [{ id: 3, code: 'x', name: 'p', price_per_page: 0.01 }] })
        .success,
    ).toBe(false);
    expect(BindingItem.parse(binding)).toEqual(binding);
  });

  it('builds a strict calculate body: ids as numbers, optional extras, page count where the category has one', () => {
    const body = calculateBody(
      [
        { bodyField: 'binding_id', required: true },
        { bodyField: 'spine_id', required: false },
      ],
      true,
    );
    expect(body.safeParse({ binding_id: '4', page_count: 120, quantity: 3 }).success).toBe(false);
    expect(body.safeParse({ binding_id: [4], page_count: 120, quantity: 3 }).success).toBe(false);
    expect(body.parse({ binding_id: 4, page_count: '120', quantity: 3 })).toEqual({
      binding_id: 4,
      page_count: 120,
      quantity: 3,
    });
    expect(body.parse({ binding_id: 4, spine_id: null, page_count: 2, quantity: 1 })).toMatchObject({
      spine_id: null,
    });
    expect(body.safeParse({ binding_id: 4, page_count: 2, quantity: 1, binding_price: '0' }).success).toBe(
      false,
    );
    expect(body.safeParse({ page_count: 2, quantity: 1 }).success).toBe(false);
    expect(body.safeParse({ binding_id: 4, quantity: 1 }).success).toBe(false);
    const calendar = calculateBody([{ bodyField: 'binding_id', required: true }], false);
    expect(calendar.parse({ binding_id: 1, quantity: 1 })).toEqual({ binding_id: 1, quantity: 1 });
    expect(calendar.parse({ binding_id: 1, page_count: 1, quantity: 1 })).toMatchObject({ page_count: 1 });
  });

  it('reads whole numbers from numbers or digit strings only', () => {
    expect(WholeNumber.parse('42')).toBe(42);
    expect(WholeNumber.parse(7)).toBe(7);
    for (const bad of ['', '4.5', 4.5, null, 'abc', '1e3'])
      expect(WholeNumber.safeParse(bad).success, String(bad)).toBe(false);
  });
});

describe('catalog routes', () => {
  const comic: CatalogProduct = {
    slug: 'comicbook',
    name: 'Comic Book',
    hasPageCount: true,
    optionsPath: 'dropdowns',
    bindingsRoute: true,
    availableOptionsRoute: false,
    allBindingsPath: 'comic/all-bindings',
    kinds: [
      { kind: 'trim_size', dropdownKeys: ['trim_sizes'], bodyField: 'trim_size_id', required: true },
      { kind: 'binding', dropdownKeys: ['binding_types'], bodyField: 'binding_type_id', required: true },
      { kind: 'spine', dropdownKeys: ['spines'], bodyField: 'spine_id', required: false },
    ],
  };

  it('gives a category exactly its routes, with the paths and operationIds the document has', () => {
    const routes = catalogRoutes(comic);
    expect(routes.options.path).toBe('/api/comicbook/dropdowns/');
    expect(routes.options.operationId).toBe('getComicbookDropdowns');
    expect(routes.bindings?.operationId).toBe('getComicbookBindings');
    expect(routes.availableOptions).toBeNull();
    expect(routes.allBindings?.path).toBe('/api/comicbook/comic/all-bindings/');
    expect(routes.allBindings?.operationId).toBe('getComicbookComicAllBindings');
    expect(routes.calculate.operationId).toBe('postComicbookCalculate');
    expect(Object.values(routes).map((r) => r?.access)).toEqual([
      'public',
      'public',
      undefined,
      'public',
      'public',
    ]);
  });

  it('parses the category’s own keys and body fields', () => {
    const routes = catalogRoutes({
      ...comic,
      slug: 'pricing',
      optionsPath: 'options',
      allBindingsPath: null,
    });
    expect(routes.options.path).toBe('/api/pricing/options/');
    expect(routes.allBindings).toBeNull();
    expect(Object.keys(routes.options.responses[200].shape)).toEqual([
      'trim_sizes',
      'binding_types',
      'spines',
    ]);
    const body = routes.calculate.body;
    expect(body.safeParse({ trim_size_id: 1, binding_type_id: 2, page_count: 40, quantity: 3 }).success).toBe(
      true,
    );
    expect(body.safeParse({ trim_size_id: 1, page_count: 40, quantity: 3 }).success).toBe(false);
    expect(
      body.safeParse({ trim_size_id: 1, binding_type_id: 2, page_count: 40, quantity: 3, price: 1 }).success,
    ).toBe(false);
  });
});
