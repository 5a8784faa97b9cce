/**
 * An interior's preflight report for a project's chosen options (docs/decisions/0060): the page facts read from
 * the PDF at upload (uploads.pdf_facts) against the trim size the server's catalog has for the chosen id, with the
 * category's other trims named when the file fits one of them. No file is read again: the report is recomputed
 * from the stored facts on every save (upload-book), and a report with an error refuses the save with what to do.
 */
import {
  isBlackAndWhite,
  PdfFacts,
  preflightReport,
  type PreflightReport,
  type PreflightTrim,
} from '@bindery/contracts/store/preflight';
import type { ProductDefinition } from '@bindery/pricing/products';
import { isTrimCode, TRIM_SIZES } from '@bindery/pricing/trim-sizes';
import type { ItemRecord } from '../catalog/catalog-cache.js';
import type { PriceList } from '../catalog/catalog.service.js';
import { fieldRefusal } from './field-refusal.js';

/** A trim item's exact size: the trim table's micrometres for a known code, else the catalog's millimetres. */
function trimOf(item: ItemRecord): PreflightTrim | null {
  const exact = item.code !== null && isTrimCode(item.code) ? TRIM_SIZES[item.code] : undefined;
  const widthUm = exact?.widthUm ?? Math.round((item.widthMm ?? 0) * 1000);
  const heightUm = exact?.heightUm ?? Math.round((item.heightMm ?? 0) * 1000);
  return widthUm > 0 && heightUm > 0 ? { name: item.name, widthUm, heightUm } : null;
}

/**
 * The report of an interior's stored facts for a configuration (null: the book is digital, or the file was uploaded
 * before facts were kept, so it was never checked). A configuration without a trim (calendars, the e Book) gets the checks that
 * need none.
 */
export function interiorPreflight(
  list: PriceList,
  product: ProductDefinition,
  configuration: Readonly<Record<string, number | undefined>> | null,
  storedFacts: unknown,
): PreflightReport | null {
  // An e Book is read on screens, not printed: none of the print checks applies (docs/decisions/0034).
  if (product.digital) return null;
  const facts = PdfFacts.safeParse(storedFacts);
  if (!facts.success) return null;
  const catalog = list.category(product.slug);
  const trimId = configuration?.['trim_size_id'];
  const chosen = trimId === undefined ? undefined : catalog.byId.get(trimId);
  const trims = catalog.records
    .filter((r) => r.kind === 'trim_size')
    .map(trimOf)
    .filter((t): t is PreflightTrim => t !== null);
  const trim = chosen?.kind === 'trim_size' ? trimOf(chosen) : null;
  const colourId = configuration?.['interior_color_id'];
  const colour = colourId === undefined ? undefined : catalog.byId.get(colourId);
  const bindingId = configuration?.['binding_id'];
  const binding = bindingId === undefined ? undefined : catalog.byId.get(bindingId);
  return preflightReport(facts.data, trim, trims, {
    blackAndWhite: colour?.kind === 'interior_color' && isBlackAndWhite(colour.name),
    bindingStyle: binding?.kind === 'binding' ? binding.bindingStyle : null,
  });
}

/** Refuses a save whose interior has an error for the chosen options: the report's own words say what to do. */
export function refuseOnPreflightErrors(report: PreflightReport | null): void {
  if (report?.status !== 'error') return;
  const errors = report.checks.filter((c) => c.status === 'error').map((c) => c.message);
  throw fieldRefusal('invalid', errors.join(' '), 'pdf_upload_id', 'PREFLIGHT_FAILED');
}

export const preflightTexts = {
  unacknowledged: (warnings: string) =>
    `Please review the print check's warnings and confirm "I have reviewed these warnings": ${warnings}`,
} as const;

/**
 * Refuses a save whose interior has warnings the request did not acknowledge for this very report: the key the
 * customer confirmed must be the key of the report the server computed (ADR 0070). The client's report is never
 * read.
 */
export function refuseUnacknowledgedWarnings(
  report: PreflightReport | null,
  acknowledged: string | null | undefined,
): void {
  if (report?.status !== 'warning' || !report.warnings_key) return;
  if (acknowledged === report.warnings_key) return;
  const warnings = report.checks.filter((c) => c.status === 'warning').map((c) => c.message);
  throw fieldRefusal(
    'invalid',
    preflightTexts.unacknowledged(warnings.join(' ')),
    'preflight_acknowledged',
    'PREFLIGHT_WARNINGS_UNACKNOWLEDGED',
  );
}
