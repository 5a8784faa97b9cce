import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NEXUS_STATES,
  STATE_TAX_RATES,
  US_STATES,
  salesTax,
  salesTaxRule,
  splitTaxed,
  taxOnCents,
  taxRateText,
  usStateCode,
  type AccountType,
} from './tax.js';

const tx = (accountType: AccountType, hasResaleCert: boolean, taxableCents: number) =>
  salesTax({ country: 'US', state: 'TX', accountType, hasResaleCert, taxableCents });

describe('sales tax: the original’s rules and texts', () => {
  it('taxes a Texas individual 8.25 % of books + shipping', () => {
    // 100.00 of books + 25.00 of shipping: 10.3125 → 10.31 (the original would have taxed only the 25.00).
    expect(tx('individual', false, 12_500)).toEqual({
      rateBasisPoints: 825,
      rateText: '8.25%',
      reason: 'Texas individual sales tax',
      taxCents: 1031,
    });
  });
  it('exempts a Texas enterprise with a resale certificate, taxes one without', () => {
    expect(tx('enterprise', true, 12_500)).toEqual({
      rateBasisPoints: 0,
      rateText: '0.00%',
      reason: 'Texas enterprise with resale certificate - no tax',
      taxCents: 0,
    });
    expect(tx('enterprise', false, 12_500)).toMatchObject({
      rateText: '8.25%',
      reason: 'Texas enterprise without resale certificate',
      taxCents: 1031,
    });
  });
  it('a resale certificate means nothing to an individual', () => {
    expect(tx('individual', true, 10_000).taxCents).toBe(825);
  });
  it('charges nothing outside the nexus states, with the original’s reasons', () => {
    const ca = { country: 'US', state: 'CA', hasResaleCert: false, taxableCents: 10_000 } as const;
    expect(salesTax({ ...ca, accountType: 'individual' })).toEqual({
      rateBasisPoints: 0,
      rateText: '0.00%',
      reason: 'Individual account - no tax for out-of-state shipping',
      taxCents: 0,
    });
    expect(salesTax({ ...ca, accountType: 'enterprise' }).reason).toBe('No economic nexus in CA - no tax');
  });
  it('charges nothing abroad', () => {
    expect(
      salesTax({
        country: 'DE',
        state: 'BE',
        accountType: 'individual',
        hasResaleCert: false,
        taxableCents: 5000,
      }),
    ).toEqual({
      rateBasisPoints: 0,
      rateText: '0.00%',
      reason: 'International shipping - no tax',
      taxCents: 0,
    });
  });
  it('speaks of the billing address, not of shipping, for an order with nothing to ship (ADR 0059)', () => {
    const base = { hasResaleCert: false, taxableCents: 999, digital: true } as const;
    expect(salesTax({ ...base, country: 'US', state: 'CA', accountType: 'individual' })).toEqual({
      rateBasisPoints: 0,
      rateText: '0.00%',
      reason: 'Individual account - no tax for an out-of-state billing address',
      taxCents: 0,
    });
    expect(salesTax({ ...base, country: 'DE', state: 'BE', accountType: 'individual' }).reason).toBe(
      'Billing address outside the US - no tax',
    );
    // Texas's rate applies to e-books as to books (ADR 0034).
    expect(salesTax({ ...base, country: 'US', state: 'TX', accountType: 'individual' })).toMatchObject({
      reason: 'Texas individual sales tax',
      taxCents: 82,
    });
  });
  it('understands state names and lower case, and falls back for a US state it does not know', () => {
    expect(usStateCode(' texas ')).toBe('TX');
    expect(usStateCode('tx')).toBe('TX');
    expect(usStateCode('New   York')).toBe('NY');
    expect(usStateCode('Atlantis')).toBeUndefined();
    expect(
      salesTaxRule({ country: 'us', state: 'Texas', accountType: 'individual', hasResaleCert: false }).reason,
    ).toBe('Texas individual sales tax');
    expect(
      salesTaxRule({ country: 'US', state: 'ZZ', accountType: 'individual', hasResaleCert: false }).reason,
    ).toBe('No tax applicable');
  });
  it('collects only in TX by default; the other known rates wait for nexus', () => {
    expect(NEXUS_STATES).toEqual(['TX']);
    expect(Object.keys(STATE_TAX_RATES).sort()).toEqual(['CA', 'FL', 'NY', 'TX']);
    for (const rate of Object.values(STATE_TAX_RATES)) expect(US_STATES[rate.code]).toBe(rate.name);
  });
  it('formats rates as the response shows them', () => {
    expect(taxRateText(825)).toBe('8.25%');
    expect(taxRateText(400)).toBe('4.00%');
    expect(taxRateText(0)).toBe('0.00%');
  });
  it('rounds half-up once', () => {
    expect(taxOnCents(200, 825)).toBe(17); // 16.5 → 17
    expect(taxOnCents(199, 825)).toBe(16); // 16.4175
    expect(taxOnCents(1_000_000_000_001, 825)).toBe(82_500_000_000); // 82 500 000 000.0825
  });
  it('refuses a negative or fractional base', () => {
    expect(() => tx('individual', false, -1)).toThrow(RangeError);
    expect(() => tx('individual', false, 10.5)).toThrow(RangeError);
  });
});

describe('sales tax: properties', () => {
  const account = fc.constantFrom<AccountType>('individual', 'enterprise');
  const state = fc.constantFrom(...Object.keys(US_STATES), 'Texas', 'XX');
  const country = fc.constantFrom('US', 'CA', 'MX', 'DE', 'GB', 'JP');
  const cents = fc.integer({ min: 0, max: 1e12 });

  it('is never negative and never more than the rate allows', () => {
    fc.assert(
      fc.property(country, state, account, fc.boolean(), cents, (c, s, a, cert, taxable) => {
        const t = salesTax({
          country: c,
          state: s,
          accountType: a,
          hasResaleCert: cert,
          taxableCents: taxable,
        });
        expect(t.taxCents).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(t.taxCents)).toBe(true);
        // Exact: |tax × 10 000 − taxable × rate| ≤ 5 000 (half a cent), checked in BigInt.
        const diff = BigInt(t.taxCents) * 10_000n - BigInt(taxable) * BigInt(t.rateBasisPoints);
        expect(diff <= 5000n && diff > -5000n).toBe(true);
      }),
    );
  });
  it('is zero for every exempt case: abroad, no nexus, enterprise with a certificate', () => {
    fc.assert(
      fc.property(account, fc.boolean(), cents, (a, cert, taxable) => {
        const abroad = salesTax({
          country: 'FR',
          state: 'TX',
          accountType: a,
          hasResaleCert: cert,
          taxableCents: taxable,
        });
        const elsewhere = salesTax({
          country: 'US',
          state: 'NY',
          accountType: a,
          hasResaleCert: cert,
          taxableCents: taxable,
        });
        const resale = tx('enterprise', true, taxable);
        for (const t of [abroad, elsewhere, resale]) {
          expect(t.taxCents).toBe(0);
          expect(t.rateText).toBe('0.00%');
        }
      }),
    );
  });
  it('grows with the base and splits no cent: tax(a) + tax(b) is within a cent of tax(a + b)', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        const ta = tx('individual', false, a).taxCents;
        const tb = tx('individual', false, b).taxCents;
        const tab = tx('individual', false, a + b).taxCents;
        if (a <= b) expect(ta).toBeLessThanOrEqual(tb);
        expect(Math.abs(ta + tb - tab)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('splitTaxed', () => {
  it('gives back the line and tax a difference was priced as, adding up to the cent', () => {
    for (const line of [1, 17, 199, 200, 1234, 99_999]) {
      const total = line + taxOnCents(line, 825);
      expect(splitTaxed(total, 825)).toEqual({ lineCents: line, taxCents: taxOnCents(line, 825) });
    }
    expect(splitTaxed(500, 0)).toEqual({ lineCents: 500, taxCents: 0 });
  });
});
