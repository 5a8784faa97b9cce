import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FIRST_PRINT_DISCOUNT,
  discountUnder,
  firstPrintDiscountCents,
  firstPrintLineLabel,
  firstPrintPercentProblem,
  firstPrintPromo,
  firstPrintRateText,
} from './first-print.js';

describe('first-print discount', () => {
  it('is 10% of the subtotal by default, rounded half-up once', () => {
    expect(DEFAULT_FIRST_PRINT_DISCOUNT).toEqual({ enabled: true, rateBasisPoints: 1000 });
    expect(firstPrintDiscountCents(12_480, 1000)).toBe(1248);
    // $84.85 → $8.485 → $8.49 (half-up); $84.84 → $8.484 → $8.48.
    expect(firstPrintDiscountCents(8485, 1000)).toBe(849);
    expect(firstPrintDiscountCents(8484, 1000)).toBe(848);
    expect(firstPrintDiscountCents(5, 1000)).toBe(1);
    expect(firstPrintDiscountCents(4, 1000)).toBe(0);
    expect(firstPrintDiscountCents(0, 1000)).toBe(0);
    // 12.5 % of $10.01 = 125.125 cents → 125.
    expect(firstPrintDiscountCents(1001, 1250)).toBe(125);
  });

  it('is nothing when off or at rate 0, and never more than the subtotal', () => {
    expect(discountUnder({ enabled: false, rateBasisPoints: 1000 }, 10_000)).toBe(0);
    expect(discountUnder({ enabled: true, rateBasisPoints: 1000 }, 10_000)).toBe(1000);
    expect(firstPrintDiscountCents(10_000, 0)).toBe(0);
    expect(firstPrintDiscountCents(10_000, 10_000)).toBe(10_000);
    expect(firstPrintDiscountCents(10_000, 20_000)).toBe(10_000);
  });

  it('agrees with exact arithmetic for every subtotal and rate, even past 2^53 / 10^4', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 9999 }),
        (subtotal, bp) => {
          const exact = (BigInt(subtotal) * BigInt(bp) * 2n + 10_000n) / 20_000n; // half-up
          const got = firstPrintDiscountCents(subtotal, bp);
          expect(BigInt(got)).toBe(exact);
          expect(got).toBeLessThanOrEqual(subtotal);
        },
      ),
    );
  });

  it('refuses a subtotal that is not whole cents', () => {
    expect(() => firstPrintDiscountCents(-1, 1000)).toThrow(RangeError);
    expect(() => firstPrintDiscountCents(1.5, 1000)).toThrow(RangeError);
    expect(() => firstPrintDiscountCents(100, 10.5)).toThrow(RangeError);
  });

  it('prints the rate, the promise and the line label', () => {
    expect(firstPrintRateText(1000)).toBe('10%');
    expect(firstPrintRateText(1250)).toBe('12.5%');
    expect(firstPrintRateText(1205)).toBe('12.05%');
    expect(firstPrintRateText(500)).toBe('5%');
    expect(firstPrintPromo(1000)).toBe('10% off first print');
    expect(firstPrintLineLabel(1500)).toBe('First-print discount (15%)');
  });

  it('lets staff set a whole percent from 1 to 50', () => {
    expect(firstPrintPercentProblem(10)).toBeNull();
    expect(firstPrintPercentProblem(1)).toBeNull();
    expect(firstPrintPercentProblem(50)).toBeNull();
    for (const bad of [0, 51, 100, 10.5, -5, Number.NaN])
      expect(firstPrintPercentProblem(bad)).toMatch(/1 to 50/);
  });
});
