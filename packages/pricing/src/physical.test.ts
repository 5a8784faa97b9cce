import { describe, expect, it } from 'vitest';
import { bookWeightGrams, PAPER_STOCKS, paperStockByName, spineWidthInches } from './physical.js';
import { TRIM_SIZES } from './trim-sizes.js';

function stock(name: string) {
  const found = paperStockByName(name);
  if (!found) throw new Error(`no paper stock ${name}`);
  return found;
}

const white60 = stock('60# White-Uncoated');

describe('spine width', () => {
  it('follows Lulu’s paperback formula: pages / 444 + 0.06 in on 60# paper', () => {
    expect(spineWidthInches('perfect_bound', 444, white60)).toBeCloseTo(1.06, 10);
    expect(spineWidthInches('perfect_bound', 300, white60)).toBeCloseTo(300 / 444 + 0.06, 10);
  });
  it('uses each paper’s own thickness: cream is thicker than white', () => {
    const cream = stock('60# Cream-Uncoated');
    expect(spineWidthInches('perfect_bound', 300, cream)).toBeGreaterThan(
      spineWidthInches('perfect_bound', 300, white60),
    );
  });
  it('steps for hardcovers (24–84 pages ≈ 6 mm, 85–140 ≈ 13 mm)', () => {
    expect(spineWidthInches('case_wrap', 24) * 25.4).toBeCloseTo(6.35, 2);
    expect(spineWidthInches('linen_wrap', 84) * 25.4).toBeCloseTo(6.35, 2);
    expect(spineWidthInches('case_wrap', 85) * 25.4).toBeCloseTo(12.7, 2);
    expect(spineWidthInches('case_wrap', 800)).toBeGreaterThan(spineWidthInches('case_wrap', 400));
  });
  it('is zero where there is no printable spine', () => {
    expect(spineWidthInches('saddle_stitch', 40)).toBe(0);
    expect(spineWidthInches('coil_bound', 200)).toBe(0);
  });
});

describe('book weight', () => {
  it('matches the reference: 6 x 9 in, 300 pages of 60# ≈ 465 g + ≈ 20 g soft cover', () => {
    const grams = bookWeightGrams({
      style: 'perfect_bound',
      pageCount: 300,
      trim: TRIM_SIZES['us-trade'],
      paper: white60,
    });
    expect(grams).toBeGreaterThanOrEqual(480);
    expect(grams).toBeLessThanOrEqual(490);
  });
  it('is heavier for hardcovers, heavier papers and more pages', () => {
    const trim = TRIM_SIZES['us-letter'];
    const soft = bookWeightGrams({ style: 'perfect_bound', pageCount: 200, trim });
    expect(bookWeightGrams({ style: 'case_wrap', pageCount: 200, trim })).toBeGreaterThan(soft + 50);
    expect(bookWeightGrams({ style: 'perfect_bound', pageCount: 202, trim })).toBeGreaterThan(soft);
    const coated = stock('100# White-Coated');
    expect(bookWeightGrams({ style: 'perfect_bound', pageCount: 200, trim, paper: coated })).toBeGreaterThan(
      soft,
    );
  });
  it('knows every paper type of the catalogs', () => {
    expect(PAPER_STOCKS.map((p) => p.name)).toEqual([
      '60# Cream-Uncoated',
      '60# White-Uncoated',
      '70# White-Uncoated',
      '80# White-Coated',
      '100# White-Coated',
    ]);
  });
});
