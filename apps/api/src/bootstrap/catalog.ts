/**
 * Seeds the default price list of every category (@bindery/pricing/seed) at every start, idempotently: items
 * are matched on category + kind + code, missing ones are inserted, existing ones (and an admin's prices) are
 * never touched. New items move the catalog version on, so running instances reload.
 */
import type { FastifyInstance } from 'fastify';
import { formatPrice, parseDecimal } from '@bindery/pricing/money';
import { SEED_CATALOGS, type SeedItem } from '@bindery/pricing/seed';
import {
  bumpCatalogVersion,
  insertMissingItems,
  trimSizeIds,
  type NewCatalogItem,
} from '../plugins/app/catalog/catalog.repository.js';

const toRow = (
  category: string,
  item: SeedItem,
  sortOrder: number,
  trimSizeId: number | null,
): NewCatalogItem => ({
  category,
  kind: item.kind,
  code: item.code,
  name: item.name,
  price: formatPrice(parseDecimal(item.price)),
  binding_style: item.bindingStyle,
  trim_size_id: trimSizeId,
  dimensions: item.dimensions,
  width_mm: item.widthMm === null ? null : item.widthMm.toFixed(2),
  height_mm: item.heightMm === null ? null : item.heightMm.toFixed(2),
  sort_order: sortOrder,
});

/** Returns how many items were new. Needs only the database and the cache to tell (a script passes its own). */
export async function seedCatalogs(app: Pick<FastifyInstance, 'db' | 'catalogCache'>): Promise<number> {
  const { count, version } = await app.db.transaction().execute(async (trx) => {
    let count = 0;
    for (const { category, items } of SEED_CATALOGS) {
      const order = new Map(items.map((item, i) => [item, i]));
      const trims = items.filter((i) => i.kind === 'trim_size');
      count += await insertMissingItems(
        trx,
        trims.map((t) => toRow(category, t, order.get(t) ?? 0, null)),
      );
      const trimIds = await trimSizeIds(trx, category);
      const rest = items.filter((i) => i.kind !== 'trim_size');
      count += await insertMissingItems(
        trx,
        rest.map((item) => {
          const trimId = item.trimCode === null ? null : trimIds.get(item.trimCode);
          if (trimId === undefined) throw new Error(`Seed of ${category}: unknown trim ${item.trimCode}`);
          return toRow(category, item, order.get(item) ?? 0, trimId);
        }),
      );
    }
    return { count, version: count > 0 ? await bumpCatalogVersion(trx) : undefined };
  });
  if (version !== undefined) app.catalogCache.invalidate(version);
  return count;
}
