import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BINDING_STYLES } from './bindings.js';
import { COVER_PRODUCTS, coverGeometry, coverLengths, lengthIn, SPINE_TEXT_MIN_PAGES } from './cover.js';
import { PAPER_STOCKS, paperStockByName } from './physical.js';
import { TRIM_CODES, TRIM_SIZES } from './trim-sizes.js';

function stock(name: string) {
  const found = paperStockByName(name);
  if (!found) throw new Error(`no paper stock ${name}`);
  return found;
}
const white60 = stock('60# White-Uncoated');
const usTrade = TRIM_SIZES['us-trade'];

describe('cover geometry, hand-computed', () => {
  // 6 × 9 in, perfect bound, 300 pages of 60# white (444 PPI):
  // spine = 300 / 444 + 0.06 = 0.735676 in = 18,686 µm (18.686 mm, 0.736 in, 52.97 pt);
  // width = 2 × 6 + 0.735676 + 2 × 0.125 in = 329,836 µm (329.836 mm, 12.986 in, 934.97 pt);
  // height = 9 + 2 × 0.125 = 9.25 in = 234.95 mm = 666 pt.
  const paperback = coverGeometry({ style: 'perfect_bound', trim: usTrade, pageCount: 300, paper: white60 });

  it('6 × 9 in paperback, 300 pages on 60# paper: spine, full width and height in µm', () => {
    expect(paperback.spineWidth).toBe(18_686);
    expect(paperback.width).toBe(329_836);
    expect(paperback.height).toBe(234_950);
    expect(paperback.bleed).toBe(3_175);
    expect(paperback.wrap).toBe(0);
    expect(paperback.spineTextAllowed).toBe(true);
  });

  it('the same in inches, millimetres and points', () => {
    const inches = coverLengths(paperback, 'in');
    expect([inches.width, inches.height, inches.spineWidth, inches.bleed]).toEqual([
      12.986, 9.25, 0.736, 0.125,
    ]);
    const mm = coverLengths(paperback, 'mm');
    expect([mm.width, mm.height, mm.spineWidth, mm.bleed]).toEqual([329.836, 234.95, 18.686, 3.175]);
    const pt = coverLengths(paperback, 'pt');
    expect([pt.width, pt.height, pt.spineWidth, pt.bleed]).toEqual([934.97, 666, 52.97, 9]);
  });

  it('places back, spine and front side by side inside the bleed, and the barcode box on the back', () => {
    const inches = coverLengths(paperback, 'in');
    expect(inches.back).toEqual({ x: 0.125, y: 0.125, width: 6, height: 9 });
    expect(inches.spine).toEqual({ x: 6.125, y: 0.125, width: 0.736, height: 9 });
    expect(inches.front).toEqual({ x: 6.861, y: 0.125, width: 6, height: 9 });
    expect(inches.backSafe).toEqual({ x: 0.375, y: 0.375, width: 5.5, height: 8.5 });
    // 2 × 1.2 in, its right and bottom edges on the back's safe margin: x = 0.125 + 6 − 0.25 − 2, y = 0.125 + 9 − 0.25 − 1.2.
    expect(inches.barcode).toEqual({ x: 3.875, y: 7.675, width: 2, height: 1.2 });
    // Spine text 1/16 in inside each fold.
    expect(inches.spineSafe).toEqual({ x: 6.188, y: 0.375, width: 0.611, height: 8.5 });
  });

  it('case wrap: the hardcover step (0.938 in for 300 pages) and 0.75 in wrap beyond the bleed on each edge', () => {
    // width = 2 × 6 + 0.938 + 2 × (0.125 + 0.75) = 14.688 in; height = 9 + 2 × 0.875 = 10.75 in = 774 pt.
    const hard = coverGeometry({ style: 'case_wrap', trim: usTrade, pageCount: 300, paper: white60 });
    expect(hard.spineWidth).toBe(23_825);
    expect(hard.wrap).toBe(19_050);
    const inches = coverLengths(hard, 'in');
    expect([inches.width, inches.height, inches.wrap]).toEqual([14.688, 10.75, 0.75]);
    expect(coverLengths(hard, 'pt').height).toBe(774);
    expect(inches.back.x).toBe(0.875);
    expect(coverGeometry({ style: 'linen_wrap', trim: usTrade, pageCount: 300 }).wrap).toBe(19_050);
  });

  it('saddle stitch and coil have no spine; saddle stitch counts blank pages up to a multiple of 4', () => {
    // A5 (148 × 210 mm), 42 pages → 44 printed: width = 2 × 148 + 2 × 3.175 = 302.35 mm = 857.06 pt.
    const saddle = coverGeometry({ style: 'saddle_stitch', trim: TRIM_SIZES.a5, pageCount: 42 });
    expect(saddle.printedPageCount).toBe(44);
    expect(saddle.spineWidth).toBe(0);
    expect(saddle.spineSafe).toBeNull();
    expect(saddle.spineTextAllowed).toBe(false);
    expect(coverLengths(saddle, 'mm')).toMatchObject({ width: 302.35, height: 216.35 });
    expect(coverLengths(saddle, 'pt')).toMatchObject({ width: 857.06, height: 613.28 });
    const coil = coverGeometry({ style: 'coil_bound', trim: usTrade, pageCount: 400 });
    expect(coil.spineWidth).toBe(0);
    expect(coil.width).toBe(2 * 152_400 + 2 * 3_175);
  });

  it('allows spine text from 80 printed pages', () => {
    const at = (pageCount: number) =>
      coverGeometry({ style: 'perfect_bound', trim: usTrade, pageCount, paper: white60 }).spineTextAllowed;
    expect(SPINE_TEXT_MIN_PAGES).toBe(80);
    expect(at(78)).toBe(false);
    expect(at(79)).toBe(true); // printed as 80
    expect(at(80)).toBe(true);
  });

  it('uses the paper’s own thickness: cream (400 PPI) makes a wider spine than white (444 PPI)', () => {
    const cream = coverGeometry({
      style: 'perfect_bound',
      trim: usTrade,
      pageCount: 300,
      paper: stock('60# Cream-Uncoated'),
    });
    // 300 / 400 + 0.06 = 0.81 in exactly = 20,574 µm.
    expect(cream.spineWidth).toBe(20_574);
  });
});

describe('which categories have a cover spread', () => {
  it('the printed books with trims, pages, bindings and papers: not calendars, thesis or the e-book', () => {
    expect(COVER_PRODUCTS.map((p) => p.slug)).toEqual([
      'calculator',
      'photobook',
      'magazine',
      'yearbook',
      'comicbook',
    ]);
  });
});

describe('lengths in units', () => {
  it('rounds half-up once from the exact µm', () => {
    expect(lengthIn(25_400, 'in')).toBe(1);
    expect(lengthIn(25_400, 'pt')).toBe(72);
    expect(lengthIn(12.7 * 1000, 'in')).toBe(0.5);
    expect(lengthIn(1_588, 'in')).toBe(0.063);
    expect(lengthIn(0, 'pt')).toBe(0);
    expect(() => lengthIn(0.5, 'mm')).toThrow(RangeError);
  });
});

describe('cover geometry, properties', () => {
  it('adds up for every trim, binding, paper and page count: panels tile the trim, safe areas sit inside', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRIM_CODES),
        fc.constantFrom(...BINDING_STYLES.filter((s) => s !== 'wire_o')),
        fc.constantFrom(...PAPER_STOCKS),
        fc.integer({ min: 2, max: 800 }),
        (code, style, paper, pageCount) => {
          const g = coverGeometry({ style, trim: TRIM_SIZES[code], pageCount, paper });
          const edge = g.bleed + g.wrap;
          expect(g.width).toBe(edge + g.back.width + g.spine.width + g.front.width + edge);
          expect(g.spine.x).toBe(g.back.x + g.back.width);
          expect(g.front.x).toBe(g.spine.x + g.spine.width);
          expect(g.height).toBe(g.trimHeight + 2 * edge);
          for (const [inner, outer] of [
            [g.backSafe, g.back],
            [g.frontSafe, g.front],
            [g.barcode, g.backSafe],
          ] as const) {
            expect(inner.x).toBeGreaterThanOrEqual(outer.x);
            expect(inner.y).toBeGreaterThanOrEqual(outer.y);
            expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
            expect(inner.y + inner.height).toBeLessThanOrEqual(outer.y + outer.height);
          }
          for (const value of [g.width, g.height, g.spineWidth, g.barcode.x, g.barcode.y]) {
            expect(Number.isSafeInteger(value)).toBe(true);
          }
          // More pages never make a thinner spine.
          const thicker = coverGeometry({ style, trim: TRIM_SIZES[code], pageCount: pageCount + 2, paper });
          expect(thicker.spineWidth).toBeGreaterThanOrEqual(g.spineWidth);
        },
      ),
    );
  });
});
