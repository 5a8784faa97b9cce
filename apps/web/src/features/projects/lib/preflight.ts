/**
 * The design page's print preflight (docs/decisions/0060): the page facts the server read from the uploaded PDF
 * against the trim chosen in the form, with the report function the server enforces (@bindery/contracts/store/
 * preflight), so the findings show as soon as the file or the trim changes and match what upload-book refuses.
 * Trims are sized from the trim table by their catalog code (else their millimetres), as the server sizes them.
 */
import {
  isBlackAndWhite,
  preflightReport,
  type PdfFacts,
  type PreflightReport,
  type PreflightTrim,
} from '@bindery/contracts/store/preflight';
import { isTrimCode, TRIM_SIZES } from '@bindery/pricing/trim-sizes';
import type { OptionItem } from '#lib/catalog/option-lists.ts';

/** A trim item as the dropdowns list it (TrimSizeItem: with its millimetres). */
type TrimOption = OptionItem & { width_mm?: number; height_mm?: number };

/** Exact micrometres for a known trim code, else the catalog's millimetres (as the server does). */
function trimOf(item: TrimOption): PreflightTrim | null {
  const exact = isTrimCode(item.code) ? TRIM_SIZES[item.code] : undefined;
  const widthUm = exact?.widthUm ?? Math.round((item.width_mm ?? 0) * 1000);
  const heightUm = exact?.heightUm ?? Math.round((item.height_mm ?? 0) * 1000);
  return widthUm > 0 && heightUm > 0 ? { name: item.name, widthUm, heightUm } : null;
}

/** The chosen trim ('' or undefined: none yet) as the check sizes it; the preview draws its guides (ADR 0073). */
export function chosenTrim(
  trimItems: readonly TrimOption[] | undefined,
  chosenTrimId: string | undefined,
): PreflightTrim | null {
  const chosen = chosenTrimId ? trimItems?.find((i) => String(i.id) === chosenTrimId) : undefined;
  return chosen ? trimOf(chosen) : null;
}

/**
 * The report for the uploaded file and the chosen trim id ('' or undefined: none chosen yet, so no page size
 * check), or null when the server kept no facts for the file (a file uploaded before files were checked).
 */
export function designPreflight(
  facts: PdfFacts | null | undefined,
  trimItems: readonly TrimOption[] | undefined,
  chosenTrimId: string | undefined,
  book: { interiorColour?: OptionItem | undefined; binding?: OptionItem | undefined } = {},
): PreflightReport | null {
  if (!facts) return null;
  const trims = (trimItems ?? []).map(trimOf).filter((t): t is PreflightTrim => t !== null);
  // The interior colour and binding as the server reads them (ADR 0070): grey printing, the binding's gutter.
  return preflightReport(facts, chosenTrim(trimItems, chosenTrimId), trims, {
    blackAndWhite: book.interiorColour ? isBlackAndWhite(book.interiorColour.name) : false,
    bindingStyle: book.binding?.binding_style ?? null,
  });
}
