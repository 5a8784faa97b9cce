/**
 * GET api/cover-dimensions/ answers for the web tests, computed with @bindery/pricing/cover as the server computes
 * them (docs/decisions/0055): the cover size calculator's and the design page's cover check's.
 */
import { toCoverLengths, type CoverDimensionsResponse, type CoverLengths } from '@bindery/contracts/store/cover';
import { coverGeometry, coverLengths, type LengthUnit } from '@bindery/pricing/cover';
import { paperStockByName } from '@bindery/pricing/physical';
import { TRIM_SIZES } from '@bindery/pricing/trim-sizes';

/** The answer the server gives for 6 x 9 in, perfect bound, `pages` pages of 60# white (its own figures). */
export function coverDimensionsFixture(pages: number): CoverDimensionsResponse {
  const g = coverGeometry({
    style: 'perfect_bound',
    trim: TRIM_SIZES['us-trade'],
    pageCount: pages,
    paper: paperStockByName('60# White-Uncoated'),
  });
  const at = (unit: LengthUnit): CoverLengths => toCoverLengths(coverLengths(g, unit));
  return {
    category: 'calculator',
    trim_size: { id: 1, name: 'US Trade', dimensions: '6 x 9 in', width_mm: 152.4, height_mm: 228.6 },
    binding: { id: 10, name: 'Perfect Bound', binding_style: 'perfect_bound' },
    paper_type: { id: 31, name: '60# White-Uncoated', pages_per_inch: 444 },
    page_count: pages,
    printed_page_count: pages,
    spine_text_allowed: pages >= 80,
    spine_text_min_pages: 80,
    inches: at('in'),
    millimetres: at('mm'),
    points: at('pt'),
  };
}
