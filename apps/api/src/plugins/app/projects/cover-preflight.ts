/**
 * A cover's preflight report for a project's chosen options (docs/decisions/0069): the facts read from the cover's
 * bytes at upload (an image's pixels, a PDF's pages, fonts and images: uploads.width_px/height_px/pdf_facts) against
 * the full cover the server computes for the chosen trim, binding, paper and page count (cover.service.ts, ADR 0055).
 * No file is read again: upload-book recomputes the report at every save, so a new page count (a new spine width),
 * trim, binding or paper checks the cover again, and a report with an error refuses the save with what to do.
 */
import {
  coverFactsOf,
  coverPreflightReport,
  coverSizeOf,
  type CoverPreflightReport,
} from '@bindery/contracts/store/cover-preflight';
import { hasCoverSpread } from '@bindery/pricing/cover';
import { BODY_FIELDS, type ProductDefinition } from '@bindery/pricing/products';
import { isDomainError } from '#lib/domain-error.js';
import type { PriceList } from '../catalog/catalog.service.js';
import { coverDimensions, coverFor } from '../cover/cover.service.js';
import { fieldRefusal } from './field-refusal.js';

/** What upload-book has of the cover upload (its row). */
export interface CoverUploadFacts {
  content_type: string;
  page_count: number | null;
  width_px: number | null;
  height_px: number | null;
  pdf_facts: unknown;
}

/**
 * The report of a cover file for a configuration, or null: no cover file, a book without a cover spread (an e Book,
 * a calendar), a PDF cover uploaded before facts were kept, or options the catalog does not combine (the quote has
 * refused those already).
 */
export function coverPreflight(
  list: PriceList,
  product: ProductDefinition,
  configuration: Readonly<Record<string, number | undefined>> | null,
  pageCount: number,
  cover: CoverUploadFacts | undefined,
): CoverPreflightReport | null {
  if (!cover || !configuration || product.digital || !hasCoverSpread(product)) return null;
  const facts = coverFactsOf(cover);
  const trim = configuration[BODY_FIELDS.trim_size];
  const binding = configuration[BODY_FIELDS.binding];
  const paper = configuration[BODY_FIELDS.paper_type];
  if (!facts || trim === undefined || binding === undefined || paper === undefined) return null;
  let dimensions;
  try {
    dimensions = coverDimensions(
      coverFor(list, {
        category: product.slug,
        trim_size_id: trim,
        binding_id: binding,
        paper_type_id: paper,
        page_count: pageCount,
      }),
    );
  } catch (err) {
    if (isDomainError(err)) return null;
    throw err;
  }
  return coverPreflightReport(facts, coverSizeOf(dimensions));
}

/** Refuses a save whose cover has an error for the chosen options, on the cover's field, in the report's words. */
export function refuseOnCoverErrors(report: CoverPreflightReport | null): void {
  if (report?.status !== 'error') return;
  const errors = report.checks.filter((c) => c.status === 'error').map((c) => c.message);
  throw fieldRefusal('invalid', errors.join(' '), 'cover_upload_id', 'PREFLIGHT_FAILED');
}
