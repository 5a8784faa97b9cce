/**
 * The design page's cover check (docs/decisions/0069): the cover upload's facts (as the server read them) against the
 * full cover of the book chosen so far (GET api/cover-dimensions/ for the trim, binding, paper and page count), with
 * the report function upload-book enforces (@bindery/contracts/store/cover-preflight). A new page count, trim,
 * binding or paper asks for the new dimensions, so the report follows them: "This cover was made for a 0.29 in
 * spine; a 300-page book needs 0.74 in."
 */
import {
  coverFactsOf,
  coverPreflightReport,
  coverSizeOf,
  type CoverPreflightReport,
} from '@bindery/contracts/store/cover-preflight';
import type { UploadedFile } from '@bindery/contracts/store/projects';
import { hasCoverSpread } from '@bindery/pricing/cover';
import type { ProductDefinition } from '@bindery/pricing/products';
import { useCoverDimensions, type CoverRequest } from '#lib/cover-dimensions.ts';

/** The chosen book as GET api/cover-dimensions/ takes it, or null while anything is missing. */
export function coverRequestOf(
  product: ProductDefinition | undefined,
  choices: Partial<Record<string, string>>,
  pageCount: number | null,
): CoverRequest | null {
  if (!product || !hasCoverSpread(product) || pageCount === null) return null;
  const [trim, binding, paper] = [choices['trim_size'], choices['binding'], choices['paper_type']];
  if (!trim || !binding || !paper) return null;
  return {
    category: product.slug,
    trim_size_id: Number(trim),
    binding_id: Number(binding),
    paper_type_id: Number(paper),
    page_count: pageCount,
  };
}

export function useCoverPreflight(
  request: CoverRequest | null,
  cover: UploadedFile | null | undefined,
): CoverPreflightReport | null {
  const facts = cover ? coverFactsOf(cover) : null;
  const dimensions = useCoverDimensions(facts ? request : null);
  if (!facts || !request || !dimensions.data) return null;
  return coverPreflightReport(facts, coverSizeOf(dimensions.data));
}
