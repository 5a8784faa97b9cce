/**
 * The catalog's option lists as the calculators read them: each dropdowns/options/available-options response is an
 * object of lists of {id, name} under the product's dropdown keys (calculators-account-admin.md §3, §7).
 * TODO(catalog contracts): parse with packages/contracts/src/store/catalog.ts once it lands; until then this is
 * the spec's shape, kept in this one file.
 */
import { z } from 'zod';
import { dropdownKeys, type OptionKind, type ProductDefinition } from '@bindery/pricing/products';

export const OptionItem = z.looseObject({ id: z.number().int(), name: z.string() });
export type OptionItem = z.infer<typeof OptionItem>;

export const OptionListsResponse = z.record(z.string(), z.unknown());

/** Lists by kind, for the kinds the response carries (a kind is absent when none of its keys is present). */
export type ListsByKind = Partial<Record<OptionKind, OptionItem[]>>;

export function listsByKind(product: ProductDefinition, data: Record<string, unknown>): ListsByKind {
  const out: ListsByKind = {};
  for (const def of product.kinds) {
    const key = def.dropdownKeys.find((k) => Array.isArray(data[k]));
    if (key !== undefined) out[def.kind] = z.array(OptionItem).parse(data[key]);
  }
  return out;
}

/** Every key a category's option response may carry; used in tests and fixtures. */
export const optionKeys = (product: ProductDefinition) => dropdownKeys(product);
