/**
 * The catalog's option lists as the calculators read them, parsed with the catalog contract
 * (@bindery/contracts/store/catalog): each dropdowns/options/available-options response is an object of item lists
 * under the product's dropdown keys (docs/spec/calculators-account-admin.md §3, §7). The keys and kinds come from the
 * product definition, exactly as the API mounts them.
 */
import { trimLabel } from '@bindery/pricing/trim-sizes';
import { type CatalogItem } from '@bindery/contracts/store/catalog';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';

/** An item of any kind; bindings also carry their trim size and page range. */
export type OptionItem = CatalogItem & {
  /** A trim size's dimensions as the catalog writes them ("6 x 9 in"). */
  dimensions?: string;
  trim_size_id?: number | null;
  binding_style?: string;
  min_pages?: number | null;
  max_pages?: number | null;
  available?: boolean;
  unavailable_reason?: string;
};

/** What a person reads for an item: a trim size with its dimensions ("US Trade — 6 × 9 in"), else its name. */
export const optionLabel = (item: OptionItem): string => trimLabel(item);

/** Lists by kind, for the kinds the response carries. */
export type ListsByKind = Partial<Record<OptionKind, OptionItem[]>>;

/** Picks each kind's list from a parsed response (the first of its keys that is present). */
export function listsByKind(product: ProductDefinition, data: Record<string, unknown[]>): ListsByKind {
  const out: ListsByKind = {};
  for (const def of product.kinds) {
    const key = def.dropdownKeys.find((k) => Array.isArray(data[k]));
    if (key !== undefined) out[def.kind] = data[key] as OptionItem[];
  }
  return out;
}
