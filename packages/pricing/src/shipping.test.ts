import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shippingChargeCents } from './shipping.js';

describe('shipping markup', () => {
  it('doubles the carrier charge, as the spec does', () => {
    expect(shippingChargeCents(1250)).toBe(2500);
    expect(shippingChargeCents(895)).toBe(1790);
    expect(shippingChargeCents(0)).toBe(0);
  });
  it('takes another markup in whole percent, rounded half-up once', () => {
    expect(shippingChargeCents(1000, 0)).toBe(1000);
    expect(shippingChargeCents(895, 50)).toBe(1343); // 895 + 447.5
  });
  it('never charges less than the carrier and grows with it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 300 }), (c, m) => {
        expect(shippingChargeCents(c, m)).toBeGreaterThanOrEqual(c);
        expect(shippingChargeCents(c + 1, m)).toBeGreaterThanOrEqual(shippingChargeCents(c, m));
      }),
    );
  });
  it('refuses fractional or negative amounts', () => {
    expect(() => shippingChargeCents(12.5)).toThrow(RangeError);
    expect(() => shippingChargeCents(-1)).toThrow(RangeError);
    expect(() => shippingChargeCents(100, 1.5)).toThrow(RangeError);
  });
});
