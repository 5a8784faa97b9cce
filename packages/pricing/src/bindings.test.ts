import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableBindings,
  BINDING_STYLES,
  bindingProblem,
  clampPageCount,
  isBindingAvailable,
  PAGE_COUNT_LIMITS,
  pageCountProblem,
  pageRangeFor,
  printedPageCount,
} from './bindings.js';
import { TRIM_CODES } from './trim-sizes.js';

describe('binding page ranges', () => {
  it('are Lulu’s ranges, with perfect bound limited to 250 pages on the two big landscape trims', () => {
    expect(pageRangeFor('perfect_bound', 'us-trade')).toEqual({ min: 32, max: 800 });
    expect(pageRangeFor('perfect_bound', 'us-letter-landscape')).toEqual({ min: 32, max: 250 });
    expect(pageRangeFor('perfect_bound', 'a4-landscape')).toEqual({ min: 32, max: 250 });
    expect(pageRangeFor('perfect_bound', 'small-landscape')).toEqual({ min: 32, max: 800 });
    expect(pageRangeFor('case_wrap', 'a4-landscape')).toEqual({ min: 24, max: 800 });
    expect(pageRangeFor('saddle_stitch', null)).toEqual({ min: 4, max: 48 });
    expect(pageRangeFor('wire_o', null)).toBeNull();
  });

  it('filters bindings by page count the way the original thresholds did (3 coil, 4 saddle, 24 case, 32 perfect and linen)', () => {
    expect(availableBindings('us-trade', 2)).toEqual(['saddle_stitch', 'wire_o']); // one folded sheet: 2 pages + 2 blank
    expect(availableBindings('us-trade', 3)).toEqual(['coil_bound', 'saddle_stitch', 'wire_o']);
    expect(availableBindings('us-trade', 24)).toEqual(['coil_bound', 'saddle_stitch', 'case_wrap', 'wire_o']);
    expect(availableBindings('us-trade', 32)).toEqual([
      'perfect_bound',
      'coil_bound',
      'saddle_stitch',
      'case_wrap',
      'linen_wrap',
      'wire_o',
    ]);
    expect(availableBindings('us-trade', 50)).toEqual([
      'perfect_bound',
      'coil_bound',
      'case_wrap',
      'linen_wrap',
      'wire_o',
    ]);
    expect(availableBindings('us-trade', 500)).toEqual([
      'perfect_bound',
      'case_wrap',
      'linen_wrap',
      'wire_o',
    ]);
    expect(availableBindings('us-letter-landscape', 260)).toEqual([
      'coil_bound',
      'case_wrap',
      'linen_wrap',
      'wire_o',
    ]);
    expect(availableBindings('us-letter-landscape', 250)).toContain('perfect_bound');
  });

  it('prints even page counts, saddle stitch in multiples of 4, and checks ranges on the printed count', () => {
    expect(printedPageCount(45)).toBe(46);
    expect(printedPageCount(46)).toBe(46);
    expect(printedPageCount(45, 'saddle_stitch')).toBe(48);
    expect(printedPageCount(2, 'saddle_stitch')).toBe(4);
    expect(isBindingAvailable('saddle_stitch', null, 47)).toBe(true); // printed as 48
    expect(isBindingAvailable('saddle_stitch', null, 49)).toBe(false); // printed as 52
    expect(isBindingAvailable('perfect_bound', 'a4-landscape', 251)).toBe(false); // printed as 252
    expect(isBindingAvailable('perfect_bound', 'a4', 31)).toBe(true); // printed as 32
  });

  it('availability is monotonic: inside a range every printed count is available', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BINDING_STYLES),
        fc.constantFrom(...TRIM_CODES),
        fc.integer({ min: 1, max: 900 }),
        (style, trim, pages) => {
          const range = pageRangeFor(style, trim);
          const printed = printedPageCount(pages, style);
          expect(printed % 2).toBe(0);
          expect(printed - pages).toBeLessThan(style === 'saddle_stitch' ? 4 : 2);
          expect(isBindingAvailable(style, trim, pages)).toBe(
            range === null || (printed >= range.min && printed <= range.max),
          );
        },
      ),
    );
  });

  it('explains an unavailable binding in plain words', () => {
    expect(
      bindingProblem({
        style: 'perfect_bound',
        bindingName: 'Perfect Bound',
        trimCode: 'us-letter-landscape',
        trimName: 'US Letter Landscape',
        pageCount: 300,
      }),
    ).toBe('Perfect Bound is available for 32 to 250 pages on US Letter Landscape, not 300.');
    expect(
      bindingProblem({ style: 'saddle_stitch', bindingName: 'Saddle Stitch', trimCode: null, pageCount: 60 }),
    ).toBe('Saddle Stitch is available for 4 to 48 pages, not 60.');
    expect(
      bindingProblem({ style: 'case_wrap', bindingName: 'Case Wrap', trimCode: null, pageCount: 300 }),
    ).toBeNull();
  });
});

describe('page count limits', () => {
  it('accepts 2–800 whole pages with the spec’s message otherwise', () => {
    expect(pageCountProblem(2)).toBeNull();
    expect(pageCountProblem(800)).toBeNull();
    for (const bad of [1, 801, 0, -4, 10.5, Number.NaN])
      expect(pageCountProblem(bad)).toBe('Page count must be between 2 and 800.');
  });
  it('clamps typed page counts into the range (above the max → max, below the min → min)', () => {
    expect(clampPageCount(1000)).toBe(800);
    expect(clampPageCount(0)).toBe(2);
    expect(clampPageCount(120.4)).toBe(120);
    expect(clampPageCount(Number.NaN)).toBe(2);
    expect(clampPageCount(500, { min: 1, max: 200 })).toBe(200);
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (v) => {
        const c = clampPageCount(v);
        expect(pageCountProblem(c)).toBeNull();
        expect(c).toBeGreaterThanOrEqual(PAGE_COUNT_LIMITS.min);
      }),
    );
  });
});
