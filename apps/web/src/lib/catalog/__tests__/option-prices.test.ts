import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '@bindery/pricing/products';
import { optionPriceTexts } from '../option-prices';
import type { ListsByKind } from '../option-lists';

// The seeded print book on US Trade: bindings per book, interiors and papers per page, finishes per book.
const lists: ListsByKind = {
  trim_size: [{ id: 1, code: 'us-trade', name: 'US Trade', price: '0.00' }],
  binding: [
    {
      id: 10,
      code: 'perfect_bound@us-trade',
      name: 'Perfect Bound',
      price: '1.71',
      binding_style: 'perfect_bound',
      trim_size_id: 1,
    },
    {
      id: 11,
      code: 'saddle_stitch@us-trade',
      name: 'Saddle Stitch',
      price: '3.46',
      binding_style: 'saddle_stitch',
      trim_size_id: 1,
    },
    {
      id: 12,
      code: 'case_wrap@us-trade',
      name: 'Case Wrap',
      price: '9.96',
      binding_style: 'case_wrap',
      trim_size_id: 1,
    },
  ],
  interior_color: [
    { id: 20, code: 'standard-black-and-white', name: 'Standard Black & White', price_per_page: '0.01' },
    { id: 21, code: 'premium-color', name: 'Premium Color', price_per_page: '0.10' },
  ],
  paper_type: [
    { id: 30, code: '60-cream-uncoated', name: '60# Cream-Uncoated', price_per_page: '0.01' },
    { id: 31, code: '80-white-coated', name: '80# White-Coated', price_per_page: '0.02' },
  ],
  cover_finish: [
    { id: 40, code: 'gloss', name: 'Gloss', price: '0.10' },
    { id: 41, code: 'matte', name: 'Matte', price: '0.10' },
  ],
};
const product = PRODUCTS.calculator;
const choices = { trim_size: '1', binding: '10', interior_color: '20', paper_type: '30', cover_finish: '40' };
const texts = (kind: keyof ListsByKind, pageCount: number | null, chosen: Record<string, string> = choices) =>
  Object.fromEntries(
    optionPriceTexts({ product, lists, choices: chosen, kind, items: lists[kind] ?? [], pageCount }),
  );

describe('optionPriceTexts: each card against the current choice', () => {
  it('prices per copy with the current choices and the PDF page count, the chosen card saying nothing', () => {
    // 120 pages: premium color is (0.10 − 0.01) × 120 = $10.80 more a copy; coated paper $1.20.
    expect(texts('interior_color', 120)).toEqual({ 21: '+$10.80 per copy' });
    expect(texts('paper_type', 120)).toEqual({ 31: '+$1.20 per copy' });
    expect(texts('binding', 120)).toEqual({ 11: '+$1.75 per copy', 12: '+$8.25 per copy' });
    expect(texts('cover_finish', 120)).toEqual({ 41: 'Same price' });
    expect(texts('interior_color', 120, { ...choices, interior_color: '21' })).toEqual({
      20: '−$10.80 per copy',
    });
  });
  it('charges the printed pages: saddle stitch prints 42 pages as 44', () => {
    // Switching to saddle stitch: 1.71 + 42 × 0.02 = 2.55 → 3.46 + 44 × 0.02 = 4.34, +$1.79.
    expect(texts('binding', 42)).toEqual({ 11: '+$1.79 per copy', 12: '+$8.25 per copy' });
  });
  it('before the PDF is known, tells a per-page price per page', () => {
    expect(texts('interior_color', null)).toEqual({ 21: '+$0.09 per page' });
    expect(texts('binding', null)).toEqual({ 11: '+$1.75 per copy', 12: '+$8.25 per copy' });
  });
  it("with nothing chosen of a kind, shows each option's own price", () => {
    expect(texts('interior_color', 100, { ...choices, interior_color: '' })).toEqual({
      20: '+$1.00 per copy',
      21: '+$10.00 per copy',
    });
  });
});
