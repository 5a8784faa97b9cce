/**
 * The catalog cache and seed against a real database: snapshots reload when a newer version is announced or the
 * cache is invalidated, a load that raced a change is not trusted, and seeding never overwrites a price.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SEED_CATALOGS } from '@bindery/pricing/seed';
import { seedCatalogs } from '#bootstrap/catalog.js';
import { CatalogCache } from '#plugins/app/catalog/catalog-cache.js';
import { bumpCatalogVersion, readCatalogVersion } from '#plugins/app/catalog/catalog.repository.js';
import { defined, setupTestApp } from '../helper.js';

const t = setupTestApp();

const wireO = async (cache: CatalogCache) => {
  const snapshot = await cache.get();
  const calendar = defined(snapshot.categories.get('calender'), 'the calendar category');
  return defined(
    calendar.records.find((r) => r.name === 'Wire O'),
    'the Wire O binding',
  );
};
const setWireO = (price: string) =>
  sql`update catalog_items set price = ${price} where category = 'calender' and name = 'Wire O'`.execute(
    t.db,
  );

describe('CatalogCache', () => {
  it('serves one snapshot until told otherwise, then reloads', async () => {
    const cache = new CatalogCache(t.db);
    const first = await cache.get();
    expect(cache.get()).toBe(first); // synchronous hit, no query
    expect((await wireO(cache)).priceUnits).toBe(120_000);

    await setWireO('13.00');
    const version = await bumpCatalogVersion(t.db);
    expect((await wireO(cache)).priceUnits).toBe(120_000); // nobody told it yet
    cache.invalidate(version - 1); // an older announcement changes nothing
    expect(cache.get()).toBe(first);
    cache.invalidate(version);
    expect((await wireO(cache)).priceUnits).toBe(130_000);
    expect(cache.version).toBe(version);

    await setWireO('12.00');
    cache.invalidate(); // announcements possibly missed: reload whatever the version
    expect((await wireO(cache)).priceUnits).toBe(120_000);
  });

  it('does not trust a load that was already running when a change was announced', async () => {
    const cache = new CatalogCache(t.db);
    await cache.get();
    cache.invalidate();
    const racing = cache.get(); // a load starts, reading the old price
    await setWireO('14.50');
    const version = await bumpCatalogVersion(t.db);
    cache.invalidate(version); // the change is announced while that load may still run
    await racing;
    expect((await wireO(cache)).priceUnits).toBe(145_000);
    await setWireO('12.00');
    cache.invalidate(await bumpCatalogVersion(t.db));
  });
});

describe('seedCatalogs', () => {
  it('is idempotent and never overwrites a price an admin set', async () => {
    await setWireO('15.00');
    const before = await readCatalogVersion(t.db);
    expect(await seedCatalogs(t.app)).toBe(0);
    expect(await readCatalogVersion(t.db)).toBe(before); // nothing new: no reload anywhere
    const row = await t.db
      .selectFrom('catalog_items')
      .select('price')
      .where('name', '=', 'Wire O')
      .executeTakeFirstOrThrow();
    expect(row.price).toBe('15.0000');
  });

  it('restores a seed item that is missing, and announces the new version', async () => {
    await sql`delete from catalog_items where category = 'pricing' and kind = 'corner_protector' and code = 'vintage'`.execute(
      t.db,
    );
    const before = await readCatalogVersion(t.db);
    expect(await seedCatalogs(t.app)).toBe(1);
    expect(await readCatalogVersion(t.db)).toBe(before + 1);
    const count = await t.db
      .selectFrom('catalog_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(SEED_CATALOGS.reduce((n, c) => n + c.items.length, 0));
  });
});
