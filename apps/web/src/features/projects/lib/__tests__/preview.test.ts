/**
 * The preview's logic without PDF.js (docs/decisions/0073): spreads and single pages, stepping, the pages with
 * findings, the trim / bleed / safe guides against the chosen trim, the cover's folds and the canvas cap.
 */
import { describe, expect, it } from 'vitest';
import type { CoverLengths } from '@bindery/contracts/store/cover';
import type { PreflightReport } from '@bindery/contracts/store/preflight';
import {
  clampPage,
  coverGuides,
  findingsOn,
  MAX_CANVAS_PIXELS,
  pageGuides,
  pagesWithFindings,
  renderScale,
  reportedPageSize,
  spreadOf,
  stepSpread,
} from '../preview';

// 6 × 9 in (US Trade) in micrometres.
const usTrade = { name: 'US Trade', widthUm: 152_400, heightUm: 228_600 };

describe('spreads', () => {
  it('shows page 1 alone, then even–odd pairs, a last even page alone; a phone one page', () => {
    expect(spreadOf(1, 10, true)).toEqual([1]);
    expect(spreadOf(2, 10, true)).toEqual([2, 3]);
    expect(spreadOf(3, 10, true)).toEqual([2, 3]);
    expect(spreadOf(10, 10, true)).toEqual([10]);
    expect(spreadOf(9, 9, true)).toEqual([8, 9]);
    expect(spreadOf(3, 10, false)).toEqual([3]);
    expect(spreadOf(0, 10, true)).toEqual([1]);
    expect(spreadOf(9999, 800, true)).toEqual([800]);
  });

  it('steps a spread (or a page) at a time and stops at either end', () => {
    expect(stepSpread(1, 10, true, 1)).toBe(2);
    expect(stepSpread(2, 10, true, 1)).toBe(4);
    expect(stepSpread(3, 10, true, -1)).toBe(1);
    expect(stepSpread(10, 10, true, 1)).toBe(10);
    expect(stepSpread(1, 10, true, -1)).toBe(1);
    expect(stepSpread(3, 10, false, 1)).toBe(4);
    expect(stepSpread(3, 10, false, -1)).toBe(2);
  });

  it('clamps a typed page number into the file', () => {
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(3.7, 5)).toBe(3);
    expect(clampPage(-2, 5)).toBe(1);
    expect(clampPage(12, 5)).toBe(5);
  });
});

describe('findings by page', () => {
  const report: PreflightReport = {
    status: 'error',
    trim_size: 'US Trade',
    warnings_key: null,
    checks: [
      { check: 'page_size', status: 'error', message: 'Wrong size', pages: [[3, 5]] },
      {
        check: 'images',
        status: 'warning',
        message: 'Low resolution',
        pages: [
          [5, 5],
          [9, 9],
        ],
      },
      { check: 'fonts', status: 'ok', message: 'All embedded', pages: [[1, 1]] },
    ],
  };

  it('names the checks that found something on a page, never a passed one', () => {
    expect(findingsOn(report, 5).map((c) => c.check)).toEqual(['page_size', 'images']);
    expect(findingsOn(report, 1)).toEqual([]);
    expect(findingsOn(null, 1)).toEqual([]);
  });

  it('merges the pages with findings into runs', () => {
    expect(pagesWithFindings(report)).toEqual([
      [3, 5],
      [9, 9],
    ]);
  });
});

describe('guides', () => {
  it('draws the trim on the edge of a trim-sized page, with no room for the bleed', () => {
    const g = pageGuides({ width: 432, height: 648 }, null, usTrade);
    expect(g?.fit).toBe('trim');
    expect(g?.trim).toEqual({ x: 0, y: 0, width: 432, height: 648 });
    expect(g?.bleed).toBeNull();
    expect(g?.safe).toEqual({ x: 18, y: 18, width: 396, height: 612 });
  });

  it('draws the trim 0.125 in inside a page with bleed, the bleed on its edge', () => {
    const g = pageGuides({ width: 450, height: 666 }, null, usTrade);
    expect(g?.fit).toBe('bleed');
    expect(g?.trim).toEqual({ x: 9, y: 9, width: 432, height: 648 });
    expect(g?.bleed).toEqual({ x: 0, y: 0, width: 450, height: 666 });
    expect(g?.safe).toEqual({ x: 27, y: 27, width: 396, height: 612 });
  });

  it('centres the trim on a page of another size and says it does not fit; no trim, no guides', () => {
    const a4 = { width: 595.28, height: 841.89 };
    const g = pageGuides(a4, null, usTrade);
    expect(g?.fit).toBeNull();
    expect(g?.trim.x).toBeCloseTo((595.28 - 432) / 2);
    expect(g?.bleed).not.toBeNull();
    expect(pageGuides(a4, null, null)).toBeNull();
  });

  it("judges the fit by the server's trim box, drawn centred in PDF.js's larger crop box", () => {
    const g = pageGuides({ width: 500, height: 700 }, { width: 432, height: 648 }, usTrade);
    expect(g?.fit).toBe('trim');
    expect(g?.trim).toEqual({ x: 34, y: 26, width: 432, height: 648 });
  });

  it("finds a page's reported size in the server's facts", () => {
    const facts = {
      page_sizes: [
        { width_pt: 432, height_pt: 648, pages: [[1, 2]] as [number, number][] },
        { width_pt: 595, height_pt: 842, pages: [[3, 3]] as [number, number][] },
      ],
      rotated: [],
    };
    expect(reportedPageSize(facts, 3)).toEqual({ width: 595, height: 842 });
    expect(reportedPageSize(facts, 4)).toBeNull();
    expect(reportedPageSize(null, 1)).toBeNull();
  });

  it("draws the cover's trim around back, spine and front, and the spine's folds", () => {
    const box = (x: number, width: number) => ({ x, y: 9, width, height: 648 });
    const points = {
      width: 9 + 432 + 36 + 432 + 9,
      height: 666,
      back: box(9, 432),
      spine: box(441, 36),
      front: box(477, 432),
      back_safe: box(27, 396),
      spine_safe: null,
      front_safe: box(495, 396),
      barcode: box(200, 144),
    } as unknown as CoverLengths;
    const g = coverGuides(points);
    expect(g.trim).toEqual({ x: 9, y: 9, width: 900, height: 648 });
    expect(g.folds).toEqual([441, 477]);
    expect(g.safe).toHaveLength(2);
    expect(coverGuides({ ...points, spine: box(441, 0) }).folds).toEqual([]);
  });
});

describe('canvas size', () => {
  it('paints at the width shown times the pixel ratio, capped in area and side', () => {
    expect(renderScale(432, 648, 432, 2)).toBeCloseTo(2);
    const huge = renderScale(432, 648, 4000, 3);
    expect(432 * huge * 648 * huge).toBeLessThanOrEqual(MAX_CANVAS_PIXELS + 1);
    // A poster-sized page is never a canvas larger than the cap either.
    const poster = renderScale(14_400, 200, 800, 1);
    expect(14_400 * poster).toBeLessThanOrEqual(4096 + 1e-6);
  });
});
