import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BULK_DISCOUNT_TIERS, percentOf } from './discounts.js';
import { MAX_LIST_PRICE_UNITS, parseDecimal } from './money.js';
import {
  lineBreakdown,
  MAX_QUANTITY,
  optionPriceDifferenceCents,
  quantityProblem,
  quote,
  unitPriceUnits,
  type QuoteLine,
} from './quote.js';

const perBook = (price: string): QuoteLine => ({ priceUnits: parseDecimal(price), perPage: false });
const perPage = (price: string): QuoteLine => ({ priceUnits: parseDecimal(price), perPage: true });

describe('quote: the one formula', () => {
  it('prices a print book by hand: US Trade perfect bound 1.71 + (0.01 + 0.01) × 100 pages + gloss 0.10 = 3.81', () => {
    const q = quote({
      lines: [perBook('1.71'), perPage('0.01'), perPage('0.01'), perBook('0.10')],
      pageCount: 100,
      quantity: 3,
    });
    expect(q.unitPriceCents).toBe(381);
    expect(q.costPerBookCents).toBe(381);
    expect(q.totalCents).toBe(1143);
    expect(q.discount).toBeNull();
  });

  it('rounds the unit price once, half-up: 2.50 + 0.0325 × 33 = 3.5725 → 3.57; × 34 = 3.605 → 3.61', () => {
    expect(
      quote({ lines: [perBook('2.50'), perPage('0.0325')], pageCount: 33, quantity: 1 }).unitPriceCents,
    ).toBe(357);
    expect(
      quote({ lines: [perBook('2.50'), perPage('0.0325')], pageCount: 34, quantity: 1 }).unitPriceCents,
    ).toBe(361);
  });

  it('shows the spec table for a 21.09 unit price: 20.04 / 18.98 / 17.93 per book', () => {
    const lines = [perBook('21.09')];
    const at = (quantity: number) => quote({ lines, pageCount: 1, quantity });
    expect(at(99).costPerBookCents).toBe(2109);
    expect(at(100).costPerBookCents).toBe(2004);
    expect(at(499).costPerBookCents).toBe(2004);
    expect(at(500).costPerBookCents).toBe(1898);
    expect(at(1000).costPerBookCents).toBe(1793);
    expect(at(1).tiers.map((t) => [t.minQuantity, t.costPerBookCents])).toEqual([
      [1, 2109],
      [100, 2004],
      [500, 1898],
      [1000, 1793],
    ]);
  });

  it('takes the discount on the whole line: 100 × 21.09 = 2109.00, 5% = 105.45, total 2003.55', () => {
    const q = quote({ lines: [perBook('21.09')], pageCount: 1, quantity: 100 });
    expect(q.discount).toEqual({ percent: 5, originalTotalCents: 210_900, amountCents: 10_545 });
    expect(q.totalCents).toBe(200_355);
  });

  it('a calendar is per-book prices only at page count 1', () => {
    const q = quote({
      lines: [perBook('12.00'), perBook('0'), perBook('0'), perBook('0')],
      pageCount: 1,
      quantity: 10,
    });
    expect(q.totalCents).toBe(12_000);
  });

  it('refuses quantities and page counts the API must have refused', () => {
    const lines = [perBook('1')];
    for (const quantity of [0, -1, 1.5, Number.NaN, MAX_QUANTITY + 1]) {
      expect(() => quote({ lines, pageCount: 1, quantity })).toThrow(RangeError);
      expect(quantityProblem(quantity)).toBe('Quantity must be a whole number from 1 to 100000.');
    }
    expect(() => quote({ lines, pageCount: 0, quantity: 1 })).toThrow(RangeError);
    expect(() => quote({ lines: [{ priceUnits: -1, perPage: false }], pageCount: 1, quantity: 1 })).toThrow(
      RangeError,
    );
    expect(() => quote({ lines: [{ priceUnits: 0.5, perPage: false }], pageCount: 1, quantity: 1 })).toThrow(
      RangeError,
    );
  });
});

const priceUnits = fc.integer({ min: 0, max: 2_000_000 }); // up to 200.00 per item
const line = fc.record({ priceUnits, perPage: fc.boolean() });
const lines = fc.array(line, { minLength: 1, maxLength: 10 });
const pages = fc.integer({ min: 1, max: 800 });
const quantity = fc.integer({ min: 1, max: MAX_QUANTITY });

describe('quote properties', () => {
  it('is never negative and totals are whole cents', () => {
    fc.assert(
      fc.property(lines, pages, quantity, (ls, p, q) => {
        const r = quote({ lines: ls, pageCount: p, quantity: q });
        for (const v of [r.unitPriceCents, r.costPerBookCents, r.totalCents, r.discount?.amountCents ?? 0]) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('discount = percent × original total, and total = original − discount', () => {
    fc.assert(
      fc.property(lines, pages, quantity, (ls, p, q) => {
        const r = quote({ lines: ls, pageCount: p, quantity: q });
        const original = r.unitPriceCents * q;
        if (r.discount === null) {
          expect(r.totalCents).toBe(original);
        } else {
          expect(r.discount.originalTotalCents).toBe(original);
          expect(r.discount.amountCents).toBe(percentOf(original, r.discount.percent));
          // exact: |amount × 100 − percent × original| ≤ 50, i.e. within half a cent
          expect(Math.abs(r.discount.amountCents * 100 - r.discount.percent * original)).toBeLessThanOrEqual(
            50,
          );
          expect(r.totalCents).toBe(original - r.discount.amountCents);
        }
      }),
    );
  });

  it('applies exactly the tier of the quantity at every boundary', () => {
    const boundaries = BULK_DISCOUNT_TIERS.flatMap((t) => [
      t.minQuantity - 1,
      t.minQuantity,
      t.minQuantity + 1,
    ]).filter((q) => q >= 1);
    fc.assert(
      fc.property(lines, pages, fc.constantFrom(...boundaries), (ls, p, q) => {
        const r = quote({ lines: ls, pageCount: p, quantity: q });
        const expected = q >= 1000 ? 15 : q >= 500 ? 10 : q >= 100 ? 5 : 0;
        expect(r.discount?.percent ?? 0).toBe(expected);
        expect(r.costPerBookCents).toBe(r.tiers.find((t) => t.percent === expected)?.costPerBookCents);
      }),
    );
  });

  it('is monotonic in quantity: cost per book never rises, the total never falls within a tier', () => {
    fc.assert(
      fc.property(lines, pages, fc.integer({ min: 1, max: MAX_QUANTITY - 1 }), (ls, p, q) => {
        const a = quote({ lines: ls, pageCount: p, quantity: q });
        const b = quote({ lines: ls, pageCount: p, quantity: q + 1 });
        expect(b.costPerBookCents).toBeLessThanOrEqual(a.costPerBookCents);
        if ((a.discount?.percent ?? 0) === (b.discount?.percent ?? 0))
          expect(b.totalCents).toBeGreaterThanOrEqual(a.totalCents);
      }),
    );
  });

  it('is monotonic in pages: more pages never cost less', () => {
    fc.assert(
      fc.property(lines, fc.integer({ min: 1, max: 799 }), quantity, (ls, p, q) => {
        const a = quote({ lines: ls, pageCount: p, quantity: q });
        const b = quote({ lines: ls, pageCount: p + 1, quantity: q });
        expect(b.unitPriceCents).toBeGreaterThanOrEqual(a.unitPriceCents);
        expect(b.costPerBookCents).toBeGreaterThanOrEqual(a.costPerBookCents);
        expect(b.totalCents).toBeGreaterThanOrEqual(a.totalCents);
      }),
    );
  });

  it('rounding is stable: the order of lines does not matter, whole-cent prices are not rounded, per book × quantity is within half a cent per copy of the total', () => {
    fc.assert(
      fc.property(lines, pages, quantity, (ls, p, q) => {
        const r = quote({ lines: ls, pageCount: p, quantity: q });
        expect(quote({ lines: [...ls].reverse(), pageCount: p, quantity: q })).toEqual(r);
        expect(Math.abs(r.costPerBookCents * q - r.totalCents) * 2).toBeLessThanOrEqual(q + 1);
        expect(unitPriceUnits(ls, p)).toBe(r.unitPriceUnits);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), quantity, (cents, q) => {
        const r = quote({ lines: [{ priceUnits: cents * 100, perPage: false }], pageCount: 1, quantity: q });
        expect(r.unitPriceCents).toBe(cents);
      }),
    );
  });

  it('stays exact at the largest prices, pages and quantity the service accepts', () => {
    const max = { priceUnits: MAX_LIST_PRICE_UNITS, perPage: true };
    const r = quote({
      lines: [max, max, { ...max, perPage: false }],
      pageCount: 800,
      quantity: MAX_QUANTITY,
    });
    expect(Number.isSafeInteger(r.totalCents)).toBe(true);
    expect(r.totalCents).toBe(
      r.unitPriceCents * MAX_QUANTITY - percentOf(r.unitPriceCents * MAX_QUANTITY, 15),
    );
  });
});

describe('lineBreakdown', () => {
  it('shows the issue’s 499 copies so that every figure agrees to the cent', () => {
    const q = quote({ lines: [{ priceUnits: 210_900, perPage: false }], pageCount: 1, quantity: 499 });
    expect(q.costPerBookCents).toBe(2004);
    // 499 × $20.04 = $9,999.96 is not the line's total; the breakdown never shows that product.
    expect(q.costPerBookCents * 499).not.toBe(q.totalCents);
    const line = lineBreakdown(499, q.totalCents, q.discount?.amountCents ?? 0);
    expect(line).toEqual({
      quantity: 499,
      unitPriceCents: 2109,
      originalTotalCents: 1_052_391,
      discountCents: 52_620,
      totalCents: 999_771,
    });
    expect(line.unitPriceCents * line.quantity).toBe(line.originalTotalCents);
    expect(line.originalTotalCents - line.discountCents).toBe(line.totalCents);
  });

  it('agrees with quote() for every tier and many prices', () => {
    for (const units of [1, 9_999, 21_090, 123_457, 3_250_000]) {
      for (const quantity of [1, 99, 100, 101, 499, 500, 999, 1000, 4321]) {
        const q = quote({ lines: [{ priceUnits: units, perPage: false }], pageCount: 1, quantity });
        const line = lineBreakdown(quantity, q.totalCents, q.discount?.amountCents ?? 0);
        expect(line.unitPriceCents).toBe(q.unitPriceCents);
        expect(line.originalTotalCents).toBe(q.unitPriceCents * quantity);
      }
    }
  });

  it('refuses figures no quote gives', () => {
    expect(() => lineBreakdown(3, 1000, 0)).toThrow(RangeError);
    expect(() => lineBreakdown(0, 1000, 0)).toThrow(RangeError);
  });
});

describe('optionPriceDifferenceCents: what an option card adds per copy', () => {
  it('is the unit price difference, each side rounded once as quote() rounds', () => {
    // US Trade perfect bound 1.71 + 60# cream 0.01 × 100 pages + gloss 0.10; standard B&W 0.01 vs premium color 0.10 a page.
    const others = [perBook('1.71'), perPage('0.01'), perBook('0.10')];
    const args = { others, current: perPage('0.01'), candidate: perPage('0.10'), pageCount: 100 };
    expect(optionPriceDifferenceCents(args)).toBe(900);
    expect(
      optionPriceDifferenceCents({ ...args, current: perPage('0.10'), candidate: perPage('0.01') }),
    ).toBe(-900);
    expect(optionPriceDifferenceCents({ ...args, candidate: perPage('0.01') })).toBe(0);
  });
  it("with nothing chosen of the kind, is the candidate's own share", () => {
    expect(
      optionPriceDifferenceCents({
        others: [perBook('1.71')],
        current: null,
        candidate: perBook('9.75'),
        pageCount: 40,
      }),
    ).toBe(975);
  });
  it('prices the candidate at its own printed page count when it changes it (a binding)', () => {
    const others = [perPage('0.02')];
    const args = {
      others,
      current: perBook('1.71'),
      candidate: perBook('3.46'),
      pageCount: 42,
      candidatePageCount: 44,
    };
    expect(optionPriceDifferenceCents(args)).toBe(179);
  });
  it("agrees with quote(): base + difference is the candidate configuration's unit price", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200_000 }), { maxLength: 4 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 800 }),
        (prices, a, b, perPageKind, pageCount) => {
          const others = prices.map((priceUnits, i) => ({ priceUnits, perPage: i % 2 === 0 }));
          const current = { priceUnits: a, perPage: perPageKind };
          const candidate = { priceUnits: b, perPage: perPageKind };
          const base = quote({ lines: [...others, current], pageCount, quantity: 1 }).unitPriceCents;
          const next = quote({ lines: [...others, candidate], pageCount, quantity: 1 }).unitPriceCents;
          expect(optionPriceDifferenceCents({ others, current, candidate, pageCount })).toBe(next - base);
        },
      ),
    );
  });
});
