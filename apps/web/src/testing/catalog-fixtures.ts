/**
 * Contract-valid catalog responses for component tests, built from the product definitions (every key a
 * category's response has), so a test states only the items it cares about.
 */
import { urlOf } from '@bindery/contracts/route';
import {
  availableOptionsKeys,
  catalogOptionsKeys,
  catalogRoutes,
  type CalculateResponse,
  type CatalogRoutes,
} from '@bindery/contracts/store/catalog';
import {
  PRODUCTS,
  type CategorySlug,
  type OptionKind,
  type ProductDefinition,
} from '@bindery/pricing/products';

const code = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export const item = (id: number, name: string) => ({ id, code: code(name), name, price: '1.00' });
/** A trim size as the catalog lists it: its name and its dimensions ("US Trade", "6 x 9 in"). */
export const trimItem = (id: number, name: string, dimensions = '6 x 9 in') => ({
  ...item(id, name),
  dimensions,
  width_mm: 152.4,
  height_mm: 228.6,
});
export const bindingItem = (id: number, name: string, trimSizeId: number | null = null) => ({
  ...item(id, name),
  binding_style: code(name).replace(/-/g, '_'),
  trim_size_id: trimSizeId,
  trim_size_name: null,
  min_pages: 4,
  max_pages: 800,
});

export type Lists = Partial<Record<OptionKind, object[]>>;

/** The dropdowns/options response: every key of the category, empty unless given. */
export function dropdownsFor(product: ProductDefinition, lists: Lists) {
  return Object.fromEntries(catalogOptionsKeys(product).map(({ key, kind }) => [key, lists[kind] ?? []]));
}

/** The available-options response: `lists` marked available unless their id is in `unavailable`. */
export function availableOptionsFor(
  product: ProductDefinition,
  lists: Lists,
  unavailable: ReadonlySet<number>,
) {
  return Object.fromEntries(
    availableOptionsKeys(product).map(({ key, kind }) => [
      key,
      (lists[kind] ?? []).map((i) => {
        const id = (i as { id: number }).id;
        return unavailable.has(id)
          ? { ...i, available: false, unavailable_reason: 'Not for this page count' }
          : { ...i, available: true };
      }),
    ]),
  );
}

/** A quote for 100 copies at a 21.09 unit price, as the API answers it. */
export const quote100: CalculateResponse = {
  cost_per_book: '20.04',
  total_cost: '2003.55',
  original_total_cost: '2109.00',
  discount_percent: 5,
  discount_amount: '105.45',
  unit_price: '21.09',
  quantity: 100,
  page_count: 120,
  currency: 'USD',
  tiers: [
    { min_quantity: 1, max_quantity: 99, discount_percent: 0, cost_per_book: '21.09' },
    { min_quantity: 100, max_quantity: 499, discount_percent: 5, cost_per_book: '20.04' },
    { min_quantity: 500, max_quantity: 999, discount_percent: 10, cost_per_book: '18.98' },
    { min_quantity: 1000, max_quantity: null, discount_percent: 15, cost_per_book: '17.93' },
  ],
};

/** Where a test's handler listens for one of a category's catalog routes: the contracts' path, never a copy. */
export function catalogUrl(slug: CategorySlug, name: keyof CatalogRoutes): string {
  const route = catalogRoutes(PRODUCTS[slug])[name];
  if (!route) throw new Error(`${slug} has no ${name} route`);
  return urlOf(route);
}
