import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatDecimal,
  formatPrice,
  MAX_LIST_PRICE_UNITS,
  parseCents,
  parseDecimal,
  parseListPrice,
  roundDiv,
  tryParseDecimal,
  unitsToCents,
} from './money.js';

/** Reference rounding with BigInt: half away from zero. */
function referenceRoundDiv(n: number, d: number): number {
  const num = BigInt(n);
  const den = BigInt(d);
  const sign = num < 0n ? -1n : 1n;
  const abs = num * sign;
  const q = abs / den;
  const r = abs % den;
  return Number((2n * r >= den ? q + 1n : q) * sign);
}

describe('parseDecimal', () => {
  it('reads list prices as exact ten-thousandths', () => {
    expect(parseDecimal('0.0325')).toBe(325);
    expect(parseDecimal('1.91')).toBe(19_100);
    expect(parseDecimal('12')).toBe(120_000);
    expect(parseDecimal('0.015')).toBe(150);
    expect(parseDecimal('-3.5')).toBe(-35_000);
    expect(parseDecimal('-0')).toBe(0);
  });
  it('reads cents', () => {
    expect(parseCents('20.04')).toBe(2004);
    expect(parseCents('0.5')).toBe(50);
  });
  it('refuses what is not a plain decimal, and too many places', () => {
    for (const bad of ['', ' 1', '1e3', '12.', '.5', '1,5', 'abc', '--1', '+1', 'NaN', 'Infinity']) {
      expect(tryParseDecimal(bad)).toMatchObject({ ok: false, problem: 'format' });
    }
    expect(tryParseDecimal('0.00001')).toEqual({
      ok: false,
      problem: 'places',
      message: 'Must have at most 4 decimal places',
    });
    expect(tryParseDecimal('99999999999999999')).toMatchObject({ ok: false, problem: 'range' });
    expect(() => parseDecimal('1.23456')).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('formats cents with two decimals', () => {
    expect(formatCents(2004)).toBe('20.04');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(-150)).toBe('-1.50');
    expect(formatCents(123_456_789)).toBe('1234567.89');
  });
  it('formats list prices with two to four decimals', () => {
    expect(formatPrice(325)).toBe('0.0325');
    expect(formatPrice(19_100)).toBe('1.91');
    expect(formatPrice(150)).toBe('0.015');
    expect(formatPrice(0)).toBe('0.00');
    expect(formatPrice(120_000)).toBe('12.00');
    expect(formatDecimal(120_000, 4, 0)).toBe('12');
  });
  it('refuses non-integers (a float must never reach formatting)', () => {
    expect(() => formatCents(20.04)).toThrow(RangeError);
  });
  it('parse ∘ format is the identity on every safe amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (units) => {
        expect(parseDecimal(formatPrice(units))).toBe(units);
        expect(parseCents(formatCents(units))).toBe(units);
      }),
    );
  });
});

describe('the one rounding rule', () => {
  it('rounds halves up (away from zero) and everything else to nearest', () => {
    expect(roundDiv(5, 10)).toBe(1);
    expect(roundDiv(4, 10)).toBe(0);
    expect(roundDiv(15, 10)).toBe(2);
    expect(roundDiv(25, 10)).toBe(3); // not banker's rounding
    expect(roundDiv(-5, 10)).toBe(-1);
    expect(roundDiv(200_355, 100)).toBe(2004);
  });
  it('converts price units to cents: 1.0725 → 1.07, 1.0750 → 1.08', () => {
    expect(unitsToCents(10_725)).toBe(107);
    expect(unitsToCents(10_750)).toBe(108);
    expect(unitsToCents(210_900)).toBe(2109);
  });
  it('agrees with exact BigInt arithmetic over the whole safe range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        (n, d) => {
          expect(roundDiv(n, d)).toBe(referenceRoundDiv(n, d));
        },
      ),
    );
  });
  it('is stable: rounding an exact multiple gives it back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 10_000 }), (n, d) => {
        expect(roundDiv(n * d, d)).toBe(n);
      }),
    );
  });
});

describe('parseListPrice (admin input)', () => {
  it('takes text or a JSON number', () => {
    expect(parseListPrice('0.0325')).toEqual({ ok: true, value: 325 });
    expect(parseListPrice(' 2.5 ')).toEqual({ ok: true, value: 25_000 });
    expect(parseListPrice(0.0325)).toEqual({ ok: true, value: 325 });
    expect(parseListPrice(13.8)).toEqual({ ok: true, value: 138_000 });
  });
  it('refuses negatives, five decimals, non-numbers and absurd prices with clear messages', () => {
    expect(parseListPrice('-1')).toMatchObject({ ok: false, message: 'Must not be negative' });
    expect(parseListPrice('0.00001')).toMatchObject({
      ok: false,
      message: 'Must have at most 4 decimal places',
    });
    expect(parseListPrice('abc')).toMatchObject({ ok: false, message: 'Must be a decimal number' });
    expect(parseListPrice(Number.NaN)).toMatchObject({ ok: false, message: 'Must be a decimal number' });
    expect(parseListPrice('100000')).toMatchObject({ ok: false, message: 'Must be at most 99999.9999' });
    expect(parseListPrice('99999.9999')).toEqual({ ok: true, value: MAX_LIST_PRICE_UNITS });
  });
});
