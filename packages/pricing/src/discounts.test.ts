import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROOF_QUANTITY,
  BULK_DISCOUNT_TIERS,
  discountPercentFor,
  discountTierFor,
  percentOf,
  tierLabel,
  tierTable,
} from './discounts.js';
import { quote } from './quote.js';

describe('bulk discount tiers', () => {
  it('are the spec table: <100 none, 100–499 5%, 500–999 10%, 1000+ 15%', () => {
    const at = (q: number) => discountPercentFor(q);
    expect([at(1), at(99), at(100), at(499), at(500), at(999), at(1000), at(100_000)]).toEqual([
      0, 0, 5, 5, 10, 10, 15, 15,
    ]);
    expect(BULK_DISCOUNT_TIERS.map(tierLabel)).toEqual(['1–99', '100–499', '500–999', '1000+']);
  });
  it('the fast branch agrees with the table for every quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), (q) => {
        const tier = discountTierFor(q);
        expect(discountPercentFor(q)).toBe(tier.percent);
        expect(q).toBeGreaterThanOrEqual(tier.minQuantity);
        if (tier.maxQuantity !== null) expect(q).toBeLessThanOrEqual(tier.maxQuantity);
      }),
    );
  });
  it('the table is contiguous from 1 and never lowers the percent', () => {
    BULK_DISCOUNT_TIERS.forEach((tier, i) => {
      const next = BULK_DISCOUNT_TIERS[i + 1];
      if (next) {
        expect(next.minQuantity).toBe((tier.maxQuantity ?? Number.NaN) + 1);
        expect(next.percent).toBeGreaterThan(tier.percent);
      }
    });
    expect(BULK_DISCOUNT_TIERS[0]?.minQuantity).toBe(1);
  });
});

describe('a proof copy (docs/decisions/0078)', () => {
  it('is one copy, in the first tier, which has no discount: the single-copy price', () => {
    expect(PROOF_QUANTITY).toBe(1);
    expect(discountTierFor(PROOF_QUANTITY)).toEqual(BULK_DISCOUNT_TIERS[0]);
    expect(discountPercentFor(PROOF_QUANTITY)).toBe(0);
    const proof = quote({
      lines: [{ priceUnits: 123_456, perPage: false }],
      pageCount: 40,
      quantity: PROOF_QUANTITY,
    });
    expect(proof.discount).toBeNull();
    expect(proof.totalCents).toBe(proof.unitPriceCents);
  });
});

describe('tier table', () => {
  it('turns the spec’s 21.09 unit price into 20.04 / 18.98 / 17.93 per book', () => {
    expect(tierTable(2109).map((t) => t.costPerBookCents)).toEqual([2109, 2004, 1898, 1793]);
  });
});

describe('percentOf', () => {
  it('is percent × amount / 100 rounded half-up, exactly, even for huge amounts', () => {
    expect(percentOf(210_900, 5)).toBe(10_545);
    expect(percentOf(2109, 5)).toBe(105); // 105.45
    expect(percentOf(10, 5)).toBe(1); // 0.5 rounds up
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 100 }),
        (amount, percent) => {
          const exact = BigInt(amount) * BigInt(percent);
          const expected = exact / 100n + (exact % 100n >= 50n ? 1n : 0n);
          expect(BigInt(percentOf(amount, percent))).toBe(expected);
        },
      ),
    );
  });
});
