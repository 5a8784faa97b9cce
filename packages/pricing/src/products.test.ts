import { describe, expect, it } from 'vitest';
import {
  CATEGORY_SLUGS,
  dropdownKeys,
  kindByAdminSegment,
  PRODUCT_LIST,
  PRODUCTS,
  productByName,
  productBySlug,
  updatableKinds,
  type CategorySlug,
} from './products.js';

const sections = (slug: CategorySlug) =>
  PRODUCTS[slug].kinds.filter((k) => k.editorSection).map((k) => [k.label, k.priceField]);

describe('product definitions', () => {
  it('map the seven printed categories to the spec’s API slugs, then the e-book', () => {
    expect(PRODUCT_LIST.map((p) => [p.name, p.slug])).toEqual([
      ['Print Book', 'calculator'],
      ['Photo Book', 'photobook'],
      ['Magazine', 'magazine'],
      ['Year Book', 'yearbook'],
      ['Calender', 'calender'],
      ['Comic Book', 'comicbook'],
      ['Thesis Binding', 'pricing'],
      ['e Book', 'ebook'],
    ]);
    expect(PRODUCT_LIST.filter((p) => p.digital).map((p) => p.slug)).toEqual(['ebook']);
    expect(productByName('Calendar')?.slug).toBe('calender');
    expect(productByName('Calender')?.slug).toBe('calender');
    expect(productBySlug('pricing')?.editorTitle).toBe('Thesis Settings');
    expect(productBySlug('toString')).toBeUndefined();
  });

  it('give each price editor the spec’s sections and price fields', () => {
    const book = [
      ['Interior Colors', 'price_per_page'],
      ['Paper Types', 'price_per_page'],
      ['Cover Finishes', 'price'],
      ['Binding Types', 'price'],
    ];
    expect(sections('calculator')).toEqual(book);
    expect(sections('yearbook')).toEqual(book);
    expect(sections('magazine')).toEqual(book);
    expect(sections('comicbook')).toEqual(book);
    expect(sections('calender')).toEqual([
      ['Binding Types', 'price'],
      ['Interior Colors', 'price'],
      ['Paper Types', 'price'],
      ['Cover Finishes', 'price'],
    ]);
    expect(sections('photobook')).toEqual([
      ['Binding Types', 'price'],
      ['Interior Colors', 'price_per_page'],
      ['Paper Types', 'price_per_page'],
      ['Cover Finishes', 'price'],
      ['Spines', 'price'],
      ['Exterior Colors', 'price'],
      ['Foil Stamping', 'price'],
      ['Screen Stamping', 'price'],
    ]);
    expect(sections('pricing')).toEqual([
      ['Binding Types', 'price'],
      ['Spine Types', 'price'],
      ['Exterior Colors', 'price'],
      ['Foil Stampings', 'price'],
      ['Screen Stampings', 'price'],
      ['Corner Protectors', 'price'],
      ['Interior Colors', 'price_per_page'],
      ['Paper Types', 'price_per_page'],
    ]);
  });

  it('list exactly the spec’s admin PUT segments per category', () => {
    const segments = (slug: CategorySlug) =>
      updatableKinds(PRODUCTS[slug])
        .map((k) => k.adminSegment)
        .sort();
    expect(segments('comicbook')).toEqual(['binding-type', 'cover-finish', 'interior-color', 'paper-type']);
    expect(segments('calender')).toEqual(['binding-type', 'cover-finish', 'interior-color', 'paper-type']);
    expect(segments('yearbook')).toEqual(['binding-type', 'cover-finish', 'interior-color', 'paper-type']);
    expect(segments('magazine')).toEqual(['binding-type', 'cover-finish', 'interior-color', 'paper-type']);
    expect(segments('calculator')).toEqual([
      'binding-type',
      'cover-finish',
      'interior-color',
      'paper-type',
      'trim-size',
    ]);
    expect(segments('photobook')).toEqual(
      [
        'binding-type',
        'cover-finish',
        'exterior-color',
        'foil-stamping',
        'interior-color',
        'paper-type',
        'screen-stamping',
        'spine',
      ].sort(),
    );
    expect(segments('pricing')).toEqual(
      [
        'binding-type',
        'corner-protector',
        'exterior-color',
        'foil-stamping',
        'interior-color',
        'paper-type',
        'screen-stamping',
        'spine-type',
      ].sort(),
    );
    expect(kindByAdminSegment(PRODUCTS.pricing, 'spine-type')?.kind).toBe('spine');
    expect(kindByAdminSegment(PRODUCTS.photobook, 'spine-type')).toBeUndefined();
    expect(kindByAdminSegment(PRODUCTS.magazine, 'trim-size')).toBeUndefined();
  });

  it('name the dropdown response keys exactly as the spec lists them', () => {
    const keys = (slug: CategorySlug) => dropdownKeys(PRODUCTS[slug]).sort();
    expect(keys('calculator')).toEqual([
      'binding_types',
      'bindings',
      'cover_finishes',
      'interior_colors',
      'paper_types',
      'trim_sizes',
    ]);
    expect(keys('magazine')).toEqual([
      'binding_types',
      'cover_finishes',
      'interior_colors',
      'paper_types',
      'trim_sizes',
    ]);
    expect(keys('yearbook')).toEqual([
      'bindings',
      'cover_finishes',
      'interior_colors',
      'paper_types',
      'trim_sizes',
    ]);
    expect(keys('comicbook')).toEqual([
      'bindings',
      'cover_finishes',
      'interior_colors',
      'paper_types',
      'trim_sizes',
    ]);
    expect(keys('calender')).toEqual(['bindings', 'cover_finishes', 'interior_colors', 'paper_types']);
    expect(keys('photobook')).toEqual([
      'bindings',
      'cover_finishes',
      'exterior_colors',
      'foil_stampings',
      'interior_colors',
      'paper_types',
      'screen_stampings',
      'spines',
      'trim_sizes',
    ]);
    expect(keys('pricing')).toEqual([
      'binding_types',
      'corner_protectors',
      'exterior_colors',
      'foil_stampings',
      'interior_colors',
      'paper_types',
      'screen_stampings',
      'spine_types',
    ]);
  });

  it('say which routes, trims and page counts each category has', () => {
    const row = (slug: CategorySlug) => {
      const p = PRODUCTS[slug];
      return [
        p.optionsPath,
        p.bindingsRoute,
        p.availableOptionsRoute,
        p.allBindingsPath,
        p.hasTrimSizes,
        p.hasPageCount,
      ];
    };
    expect(row('calculator')).toEqual(['dropdowns', true, true, null, true, true]);
    expect(row('comicbook')).toEqual(['dropdowns', true, false, 'comic/all-bindings', true, true]);
    expect(row('calender')).toEqual(['dropdowns', false, false, null, false, false]);
    expect(row('pricing')).toEqual(['options', false, false, null, false, true]);
    for (const slug of CATEGORY_SLUGS) {
      const p = PRODUCTS[slug];
      expect(p.kinds.some((k) => k.kind === 'trim_size')).toBe(p.hasTrimSizes);
      expect(new Set(p.kinds.map((k) => k.bodyField)).size).toBe(p.kinds.length);
      // A printed product is bound; the digital one has only its flat fee.
      expect(p.kinds.some((k) => k.kind === 'binding' && k.required)).toBe(!p.digital);
      if (p.digital)
        expect(p.kinds.map((k) => [k.kind, k.priceField, k.required])).toEqual([['flat_fee', 'price', true]]);
    }
  });
});

describe('names for people (docs/decisions/0058)', () => {
  it('spells every category properly for people while `name` stays the spec’s value', async () => {
    const { categoryDisplayName, PRODUCTS } = await import('./products.js');
    expect(categoryDisplayName('Calender')).toBe('Calendar');
    expect(categoryDisplayName('e Book')).toBe('E-book');
    expect(categoryDisplayName('Year Book')).toBe('Yearbook');
    expect(categoryDisplayName('Print Book')).toBe('Print Book');
    expect(categoryDisplayName('Something else')).toBe('Something else');
    expect(PRODUCTS.calender.name).toBe('Calender');
    for (const p of Object.values(PRODUCTS)) expect(p.displayName).not.toMatch(/Calender|e Book|Year Book/);
  });

  it('labels a trim with its dimensions', async () => {
    const { trimLabel, trimByName, TRIM_SIZES } = await import('./trim-sizes.js');
    expect(trimLabel(TRIM_SIZES['us-trade'])).toBe('US Trade — 6 × 9 in');
    expect(trimLabel(TRIM_SIZES.a4)).toBe('A4 — 210 × 297 mm');
    expect(trimLabel({ name: 'Custom', dimensions: null })).toBe('Custom');
    expect(trimByName('US Trade')?.code).toBe('us-trade');
    expect(trimByName('Nope')).toBeUndefined();
  });
});
