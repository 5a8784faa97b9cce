import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOX_CONTENT_MAX_GRAMS,
  CALENDAR_MIN_PAGES,
  CARRIER_SERVICES,
  PACKAGING_GRAMS_PER_BOX,
  STANDARD_BOOK_GRAMS,
  availableServices,
  copyWeightGrams,
  shipmentOf,
  shippingZone,
} from './carrier-rates.js';
import { bookWeightGrams } from './physical.js';
import { TRIM_SIZES } from './trim-sizes.js';

const codes = (country: string, grams = 1000) => availableServices(country, grams).map((s) => s.code);

describe('zones', () => {
  it('splits the world into home, Canada and Mexico, and the rest', () => {
    expect(shippingZone('US')).toBe('domestic');
    expect(shippingZone(' us ')).toBe('domestic');
    expect(shippingZone('CA')).toBe('north_america');
    expect(shippingZone('MX')).toBe('north_america');
    expect(shippingZone('DE')).toBe('rest_of_world');
    expect(shippingZone('JP')).toBe('rest_of_world');
  });
  it('has no zone for embargoed or empty places, nor for codes that are no country', () => {
    for (const code of ['CU', 'IR', 'KP', 'SY', 'AQ', 'ZZ', 'XX', 'UK'])
      expect(shippingZone(code)).toBeNull();
  });
});

describe('services', () => {
  it('offers FedEx Ground, 2Day and Standard Overnight at home, cheapest first', () => {
    const us = availableServices('US', 1000);
    expect(us.map((s) => [s.code, s.name, s.courier, s.deliveryTime])).toEqual([
      ['FEDEX_GROUND', 'FedEx Ground', 'FedEx', '3-5 days'],
      ['FEDEX_2_DAY', 'FedEx 2Day', 'FedEx', '2 days'],
      ['FEDEX_STANDARD_OVERNIGHT', 'FedEx Standard Overnight', 'FedEx', '1 day'],
    ]);
    // 1000 g = two started half-kilos: 7.50 + 2 × 0.85.
    expect(us[0]?.chargeCents).toBe(750 + 2 * 85);
  });
  it('offers DHL and FedEx abroad, with their own delivery times', () => {
    expect(codes('DE')).toEqual([
      'FEDEX_INTERNATIONAL_ECONOMY',
      'DHL_EXPRESS_WORLDWIDE',
      'FEDEX_INTERNATIONAL_PRIORITY',
    ]);
    const priority = availableServices('DE', 1000).find((s) => s.code === 'FEDEX_INTERNATIONAL_PRIORITY');
    expect(priority).toMatchObject({ deliveryTime: '2-5 days', chargeCents: 4800 + 2 * 600 });
    expect(availableServices('CA', 1000).find((s) => s.courier === 'DHL')?.deliveryTime).toBe('2-4 days');
  });
  it('offers nothing where no courier goes', () => {
    expect(availableServices('KP', 1000)).toEqual([]);
    expect(availableServices('ZZ', 1000)).toEqual([]);
  });
  it('counts every started half kilo', () => {
    const ground = (g: number) => availableServices('US', g)[0]?.chargeCents;
    expect(ground(1)).toBe(750 + 85);
    expect(ground(500)).toBe(750 + 85);
    expect(ground(501)).toBe(750 + 2 * 85);
  });
  it('refuses a weight that is no positive whole number of grams', () => {
    expect(() => availableServices('US', 0)).toThrow(RangeError);
    expect(() => availableServices('US', 10.5)).toThrow(RangeError);
  });
  it('keeps its table as whole cents with unique codes', () => {
    expect(new Set(CARRIER_SERVICES.map((s) => s.code)).size).toBe(CARRIER_SERVICES.length);
    for (const s of CARRIER_SERVICES) {
      for (const rate of Object.values(s.zones)) {
        expect(Number.isSafeInteger(rate.baseCents) && rate.baseCents > 0).toBe(true);
        expect(Number.isSafeInteger(rate.perHalfKgCents) && rate.perHalfKgCents > 0).toBe(true);
      }
    }
  });
});

describe('services: properties', () => {
  const country = fc.constantFrom('US', 'CA', 'MX', 'DE', 'BR', 'AU', 'KP', 'ZZ');
  const grams = fc.integer({ min: 1, max: 5_000_000 });

  it('never gets cheaper as the parcel gets heavier, per service', () => {
    fc.assert(
      fc.property(country, grams, grams, (c, a, b) => {
        const [light, heavy] = a <= b ? [a, b] : [b, a];
        const heavyRates = new Map(availableServices(c, heavy).map((s) => [s.code, s.chargeCents]));
        const lightRates = availableServices(c, light);
        expect(lightRates.map((s) => s.code).sort()).toEqual([...heavyRates.keys()].sort());
        for (const s of lightRates) expect(heavyRates.get(s.code)).toBeGreaterThanOrEqual(s.chargeCents);
      }),
    );
  });
  it('lists cheapest first, in whole positive cents', () => {
    fc.assert(
      fc.property(country, grams, (c, g) => {
        const rates = availableServices(c, g);
        let previous = 0;
        for (const rate of rates) {
          expect(Number.isSafeInteger(rate.chargeCents) && rate.chargeCents > 0).toBe(true);
          expect(rate.chargeCents).toBeGreaterThanOrEqual(previous);
          previous = rate.chargeCents;
        }
      }),
    );
  });
});

describe('the parcel', () => {
  it('weighs the books plus one carton per started 18 kg of books', () => {
    expect(shipmentOf([{ gramsPerCopy: 400, quantity: 3 }])).toEqual({
      weightGrams: 1200 + PACKAGING_GRAMS_PER_BOX,
      boxes: 1,
    });
    expect(
      shipmentOf([
        { gramsPerCopy: 400, quantity: 45 },
        { gramsPerCopy: 1, quantity: 1 },
      ]),
    ).toEqual({
      weightGrams: 18_001 + 2 * PACKAGING_GRAMS_PER_BOX,
      boxes: 2,
    });
  });
  it('is never lighter than its books and grows with every copy', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            gramsPerCopy: fc.integer({ min: 1, max: 3000 }),
            quantity: fc.integer({ min: 1, max: 5000 }),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (lines) => {
          const books = lines.reduce((sum, l) => sum + l.gramsPerCopy * l.quantity, 0);
          const shipment = shipmentOf(lines);
          expect(shipment.boxes).toBe(Math.ceil(books / BOX_CONTENT_MAX_GRAMS));
          expect(shipment.weightGrams).toBe(books + shipment.boxes * PACKAGING_GRAMS_PER_BOX);
          const [first, ...rest] = lines;
          if (!first) throw new Error('fast-check gave no line (minLength is 1)');
          const more = shipmentOf([...rest, { ...first, quantity: first.quantity + 1 }]);
          expect(more.weightGrams).toBeGreaterThan(shipment.weightGrams);
        },
      ),
    );
  });
  it('refuses an empty or nonsensical shipment', () => {
    expect(() => shipmentOf([])).toThrow(RangeError);
    expect(() => shipmentOf([{ gramsPerCopy: 300, quantity: 0 }])).toThrow(RangeError);
    expect(() => shipmentOf([{ gramsPerCopy: 0, quantity: 1 }])).toThrow(RangeError);
  });
  it('weighs the estimate’s standard book as a 6 x 9 in, 200-page paperback', () => {
    expect(STANDARD_BOOK_GRAMS).toBe(
      bookWeightGrams({ style: 'perfect_bound', pageCount: 200, trim: TRIM_SIZES['us-trade'] }),
    );
    expect(STANDARD_BOOK_GRAMS).toBeGreaterThan(300);
    expect(STANDARD_BOOK_GRAMS).toBeLessThan(360);
  });
  it('weighs a copy on its own paper, and a calendar at its wall size', () => {
    const white = copyWeightGrams({
      style: 'perfect_bound',
      pageCount: 300,
      trim: TRIM_SIZES['us-trade'],
      paperName: '60# White-Uncoated',
    });
    const coated = copyWeightGrams({
      style: 'perfect_bound',
      pageCount: 300,
      trim: TRIM_SIZES['us-trade'],
      paperName: '100# White-Coated',
    });
    expect(coated).toBeGreaterThan(white);
    // A paper the table does not know is weighed as 60# white.
    expect(
      copyWeightGrams({
        style: 'perfect_bound',
        pageCount: 300,
        trim: TRIM_SIZES['us-trade'],
        paperName: 'Mystery',
      }),
    ).toBe(white);
    const calendar = copyWeightGrams({
      style: 'wire_o',
      pageCount: 1,
      trim: null,
      paperName: '100# White-Coated',
    });
    expect(calendar).toBe(
      copyWeightGrams({
        style: 'wire_o',
        pageCount: CALENDAR_MIN_PAGES,
        trim: TRIM_SIZES['us-letter-landscape'],
        paperName: '100# White-Coated',
      }),
    );
    expect(calendar).toBeGreaterThan(150); // 14 coated leaves of 11 x 8.5 in, two covers and the wire
  });
});
