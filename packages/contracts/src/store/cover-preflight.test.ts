import { describe, expect, it } from 'vitest';
import { coverFactsOf, coverPreflightReport, type CoverSize } from './cover-preflight.js';

/** 6 × 9 in perfect bound, 300 pages of 60# white: 934.97 × 666 pt, spine 52.97 pt (the server's figures). */
const paperback: CoverSize = {
  widthPt: 934.97,
  heightPt: 666,
  trimWidthPt: 432,
  spineWidthPt: 52.97,
  bleedPt: 9,
  wrapPt: 0,
  pageCount: 300,
};
/** The same book in case wrap: 0.75 in of wrap beyond the bleed. */
const hardcover: CoverSize = { ...paperback, widthPt: 1057.5, heightPt: 774, spineWidthPt: 67.5, wrapPt: 54 };

const pdf = (width: number, height: number) => ({
  kind: 'pdf' as const,
  page_count: 1,
  facts: {
    page_sizes: [{ width_pt: width, height_pt: height, pages: [[1, 1] as [number, number]] }],
    rotated: [],
  },
});

describe('coverPreflightReport', () => {
  it('a paperback spread without its bleed is a warning that says what the sheet is', () => {
    const report = coverPreflightReport(pdf(916.97, 648), paperback);
    expect(report.status).toBe('warning');
    expect(report.checks[1]?.message).toBe(
      "The cover's page is 12.74 × 9 in (323.5 × 228.6 mm), the trimmed spread without bleed. Make sure the artwork runs 0.125 in beyond it on every side: the printed sheet is 12.99 × 9.25 in (329.8 × 235 mm), with 0.125 in bleed on every side.",
    );
  });

  it('a hardcover needs its wrap: a paperback-size spread is an error naming both', () => {
    const report = coverPreflightReport(pdf(934.97, 666), hardcover);
    expect(report.status).toBe('error');
    expect(report.checks[1]?.message).toBe(
      'This cover is 12.99 × 9.25 in (329.8 × 235 mm): 1.7 in (43.2 mm) too narrow and 1.5 in (38.1 mm) too short. Make it 14.69 × 10.75 in (373.1 × 273.1 mm), with 0.125 in bleed and 0.75 in wrap on every side: download the cover template for this book.',
    );
  });

  it('an image of another spine is measured by its height and says which spine it was made for', () => {
    // 100 pages' cover (12.535 × 9.25 in) at 300 ppi, used for 300 pages.
    const report = coverPreflightReport(
      coverFactsOf({ content_type: 'image/png', page_count: null, width_px: 3761, height_px: 2775 }) ??
        pdf(1, 1),
      paperback,
    );
    expect(report.checks.map((c) => [c.check, c.status])).toEqual([
      ['cover_size', 'error'],
      // Stretched to the wider cover, its width gives 289 ppi.
      ['cover_resolution', 'warning'],
    ]);
    expect(report.checks[0]?.message).toMatch(
      /^This cover was made for a 0\.29 in spine; a 300-page book needs 0\.74 in\. This image is 3761 × 2775 px: at the 9\.25 in height of the cover it is 12\.54 in wide, 0\.45 in \(11\.4 mm\) too narrow\./,
    );
  });
});
