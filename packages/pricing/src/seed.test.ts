import { describe, expect, it } from 'vitest';
import { isBindingStyle } from './bindings.js';
import { MAX_LIST_PRICE_UNITS, parseDecimal } from './money.js';
import { CATEGORY_SLUGS, PRODUCTS, type CategorySlug } from './products.js';
import { SEED_CATALOGS } from './seed.js';

const SPEC_NAMES = new Set([
  'Perfect Bound',
  'Coil Bound',
  'Saddle Stitch',
  'Case Wrap',
  'Linen Wrap',
  'Wire O',
  'Standard Black & White',
  'Premium Black & White',
  'Standard Color',
  'Premium Color',
  '60# Cream-Uncoated',
  '60# White-Uncoated',
  '70# White-Uncoated',
  '80# White-Coated',
  '100# White-Coated',
  'Gloss',
  'Matte',
]);

const catalog = (slug: CategorySlug) => {
  const found = SEED_CATALOGS.find((c) => c.category === slug);
  if (!found) throw new Error(`no seed for ${slug}`);
  return found;
};
const price = (slug: CategorySlug, kind: string, name: string, trimCode: string | null = null) =>
  catalog(slug).items.find((i) => i.kind === kind && i.name === name && i.trimCode === trimCode)?.price;

describe('seed catalogs', () => {
  it('cover all seven categories once', () => {
    expect(SEED_CATALOGS.map((c) => c.category).sort()).toEqual([...CATEGORY_SLUGS].sort());
  });

  it('hold only kinds the category has, unique codes, and valid prices', () => {
    for (const { category, items } of SEED_CATALOGS) {
      const kinds = new Set(PRODUCTS[category].kinds.map((k) => k.kind));
      const keys = new Set<string>();
      for (const it of items) {
        expect(kinds.has(it.kind), `${category} ${it.kind}`).toBe(true);
        const key = `${it.kind}/${it.code}`;
        expect(keys.has(key), key).toBe(false);
        keys.add(key);
        const units = parseDecimal(it.price);
        expect(units).toBeGreaterThanOrEqual(0);
        expect(units).toBeLessThanOrEqual(MAX_LIST_PRICE_UNITS);
        if (it.kind === 'binding')
          expect(it.bindingStyle !== null && isBindingStyle(it.bindingStyle)).toBe(true);
        if (it.kind === 'trim_size')
          expect((it.widthMm ?? 0) > 0 && (it.heightMm ?? 0) > 0 && it.dimensions !== null).toBe(true);
        if (it.trimCode !== null)
          expect(items.some((t) => t.kind === 'trim_size' && t.code === it.trimCode)).toBe(true);
      }
      for (const def of PRODUCTS[category].kinds) {
        if (def.required)
          expect(
            items.some((i) => i.kind === def.kind),
            `${category} needs ${def.kind}`,
          ).toBe(true);
      }
    }
  });

  it('uses the spec’s spellings for the standard option names', () => {
    for (const { items } of SEED_CATALOGS) {
      for (const it of items) {
        if (['interior_color', 'paper_type', 'cover_finish'].includes(it.kind))
          expect(SPEC_NAMES.has(it.name), it.name).toBe(true);
        if (it.kind === 'binding' && !it.name.endsWith('Case Wrap'))
          expect(SPEC_NAMES.has(it.name), it.name).toBe(true);
      }
    }
  });

  it('carries the original system’s numbers', () => {
    expect(price('calculator', 'binding', 'Perfect Bound', 'pocket-book')).toBe('1.91');
    expect(price('calculator', 'binding', 'Linen Wrap', 'us-letter-landscape')).toBe('18.00');
    expect(price('calculator', 'binding', 'Linen Wrap', 'novella')).toBeUndefined();
    expect(price('calculator', 'binding', 'Coil Bound', 'us-letter-landscape')).toBe('6.22');
    expect(price('calculator', 'interior_color', 'Premium Color')).toBe('0.10');
    expect(price('magazine', 'interior_color', 'Premium Black & White')).toBe('0.0325');
    expect(price('yearbook', 'interior_color', 'Premium Black & White')).toBe('0.03');
    expect(price('comicbook', 'binding', 'Perfect Bound', 'larger-deluxe')).toBe('3.00');
    expect(price('comicbook', 'binding', 'Perfect Bound', 'manga')).toBe('2.50');
    expect(price('calender', 'binding', 'Wire O')).toBe('12.00');
    expect(price('photobook', 'paper_type', '80# White-Coated')).toBe('0.015');
    expect(price('pricing', 'binding', 'Leather Case Wrap')).toBe('79.00');
    expect(price('pricing', 'corner_protector', 'Vintage')).toBe('6.00');
    const trims = catalog('calculator').items.filter((i) => i.kind === 'trim_size');
    expect(trims).toHaveLength(15);
    expect(trims.find((t) => t.code === 'us-trade')).toMatchObject({
      name: 'US Trade',
      dimensions: '6 x 9 in',
      widthMm: 152.4,
      heightMm: 228.6,
    });
    expect(catalog('calculator').items.filter((i) => i.kind === 'binding')).toHaveLength(15 * 5 - 1);
  });
});
