/**
 * All SQL on the catalog tables (catalog_items, catalog_price_changes, catalog_state) and on shop_settings,
 * which is read and versioned with them. Functions take the db
 * (or a transaction) first so callers can compose them.
 * @see kysely example/src/user/user.repository.ts
 */
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { CatalogItemsTable, CatalogPriceChangesTable, Db, DB, ShopSettingsTable } from '#db/database.js';

export type CatalogItemRow = Selectable<CatalogItemsTable>;

/** The NOTIFY channel on which a committed catalog change announces its version to every API instance. */
export const CATALOG_CHANNEL = 'bindery_catalog';

/** The shop's settings (one row; migration 2026_11_25_230000_first_print_discount). */
export type ShopSettingsRow = Selectable<ShopSettingsTable>;

/**
 * Every item of every category with its catalog version, read in one consistent snapshot, and the shop's settings
 * (the first-print discount), which move the same version on when staff change them.
 */
export async function readCatalogSnapshot(
  db: Kysely<DB>,
): Promise<{ version: number; rows: CatalogItemRow[]; settings: ShopSettingsRow | undefined }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const version = await readCatalogVersion(trx);
      const rows = await trx
        .selectFrom('catalog_items')
        .selectAll()
        .orderBy('category')
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      const settings = await readShopSettings(trx);
      return { version, rows, settings };
    });
}

export function readShopSettings(db: Db): Promise<ShopSettingsRow | undefined> {
  return db.selectFrom('shop_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Writes the first-print discount's switch and rate; the caller moves the catalog version on in the same transaction. */
export function setFirstPrintDiscount(
  db: Db,
  change: { enabled: boolean; rateBasisPoints: number; adminId: number },
): Promise<ShopSettingsRow> {
  return db
    .updateTable('shop_settings')
    .set({
      first_print_discount_enabled: change.enabled,
      first_print_discount_bp: change.rateBasisPoints,
      updated_at: sql`now()`,
      updated_by: change.adminId,
    })
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function readCatalogVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('catalog_state')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * Moves the catalog version on and announces it. Inside a transaction the NOTIFY is delivered on commit, so
 * listeners never reload before the change is visible to them.
 */
export async function bumpCatalogVersion(db: Db): Promise<number> {
  const row = await db
    .updateTable('catalog_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .returning('version')
    .executeTakeFirstOrThrow();
  const version = row.version;
  await sql`select pg_notify(${CATALOG_CHANNEL}, ${String(version)})`.execute(db);
  return version;
}

export function findCatalogItem(db: Db, id: number): Promise<CatalogItemRow | undefined> {
  return db.selectFrom('catalog_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One item of a category and kind, locked for update (null when there is none with that id). */
export function lockCatalogItem(
  db: Db,
  where: { id: number; category: string; kind: string },
): Promise<CatalogItemRow | undefined> {
  return db
    .selectFrom('catalog_items')
    .selectAll()
    .where('id', '=', where.id)
    .where('category', '=', where.category)
    .where('kind', '=', where.kind)
    .forUpdate()
    .executeTakeFirst();
}

export function setCatalogItemPrice(db: Db, id: number, price: string): Promise<CatalogItemRow> {
  return db
    .updateTable('catalog_items')
    .set({ price, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertPriceChange(db: Db, change: Insertable<CatalogPriceChangesTable>): Promise<void> {
  await db.insertInto('catalog_price_changes').values(change).execute();
}

export type NewCatalogItem = Insertable<CatalogItemsTable>;

/**
 * Inserts the items that do not exist yet (matched on category + kind + code) and leaves existing rows alone:
 * an admin's price is never overwritten by a restart. Returns how many were new.
 */
export async function insertMissingItems(db: Db, items: NewCatalogItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const inserted = await db
    .insertInto('catalog_items')
    .values(items)
    .onConflict((oc) => oc.columns(['category', 'kind', 'code']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** code → id of a category's trim sizes. */
export async function trimSizeIds(db: Db, category: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('catalog_items')
    .select(['id', 'code'])
    .where('category', '=', category)
    .where('kind', '=', 'trim_size')
    .execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}
