/**
 * Contract-typed catalog answers for the price editor tests: a category's dropdowns/options response built from
 * its product definition (every key it has, empty unless given), and msw handlers for its lists and updates.
 */
import { http, HttpResponse, delay } from 'msw';
import {
  adminPriceUpdateRoute,
  type AdminPriceUpdateBody,
  type AdminPriceUpdateResponse,
} from '@bindery/contracts/admin/catalog';
import type { ErrorBody } from '@bindery/contracts/common';
import { urlOf } from '@bindery/contracts/route';
import {
  catalogOptionsKeys,
  catalogRoutes,
  type AllBindingsResponse,
  type BindingItem,
  type CatalogItem,
  type CatalogOptionsResponse,
} from '@bindery/contracts/store/catalog';
import type { OptionKind, ProductDefinition } from '@bindery/pricing/products';
import { defined } from '@bindery/ui/testing';

const code = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export const item = (
  id: number,
  name: string,
  prices: Pick<CatalogItem, 'price' | 'price_per_page'>,
): CatalogItem => ({
  id,
  code: code(name),
  name,
  ...prices,
});

export const binding = (
  id: number,
  name: string,
  price: string,
  trim: string | null,
  pages: [number | null, number | null],
): BindingItem => ({
  ...item(id, name, { price }),
  binding_style: code(name).replace(/-/g, '_'),
  trim_size_id: trim === null ? null : 100,
  trim_size_name: trim,
  min_pages: pages[0],
  max_pages: pages[1],
});

export type Lists = Partial<Record<OptionKind, CatalogItem[]>>;

export function dropdownsFor(product: ProductDefinition, lists: Lists): CatalogOptionsResponse {
  return Object.fromEntries(catalogOptionsKeys(product).map(({ key, kind }) => [key, lists[kind] ?? []]));
}

/** GET of the category's lists; `versions` answers the 1st, 2nd… request in turn (the last one repeats). */
export function listsHandler(
  product: ProductDefinition,
  versions: Lists[],
  calls: { count: number } = { count: 0 },
) {
  return http.get<never, never, CatalogOptionsResponse>(urlOf(catalogRoutes(product).options), () => {
    const lists = defined(versions[Math.min(calls.count, versions.length - 1)]);
    calls.count += 1;
    return HttpResponse.json(dropdownsFor(product, lists));
  });
}

export function allBindingsHandler(product: ProductDefinition, rows: AllBindingsResponse) {
  return http.get<never, never, AllBindingsResponse>(urlOf(defined(catalogRoutes(product).allBindings)), () =>
    HttpResponse.json(rows),
  );
}

export interface RecordedPut {
  path: string;
  body: AdminPriceUpdateBody;
  auth: string | null;
}

/**
 * PUT api/{slug}/{segment}/{id}/update/ of each of the category's kinds that has one: records each request,
 * answers the item with the new price, or the 400 `refuse` returns for it. `events` logs when each request starts
 * and ends, to show they never overlap.
 */
export function updateHandlers(
  product: ProductDefinition,
  find: (id: number) => CatalogItem | undefined,
  options: {
    refuse?: (id: number) => string | undefined;
    puts?: RecordedPut[];
    events?: string[];
    wait?: number;
  } = {},
) {
  const priced = product.kinds.filter((kind) => kind.adminSegment !== null);
  return priced.map((kind) =>
    http.put<{ id: string }, AdminPriceUpdateBody, AdminPriceUpdateResponse | ErrorBody>(
      urlOf(adminPriceUpdateRoute(product, kind)),
      async ({ request, params }) => {
        const id = Number(params.id);
        const body = await request.json();
        options.puts?.push({
          path: new URL(request.url).pathname,
          body,
          auth: request.headers.get('authorization'),
        });
        options.events?.push(`start ${id}`);
        await delay(options.wait ?? 20);
        options.events?.push(`end ${id}`);
        const refusal = options.refuse?.(id);
        if (refusal)
          return HttpResponse.json(
            { error: refusal, code: 'VALIDATION_ERROR', statusCode: 400 },
            { status: 400 },
          );
        const current = find(id);
        if (!current)
          return HttpResponse.json(
            { error: 'Not found', code: 'NOT_FOUND', statusCode: 404 },
            { status: 404 },
          );
        return HttpResponse.json({ ...current, ...body } as AdminPriceUpdateResponse);
      },
    ),
  );
}
