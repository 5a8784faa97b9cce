/**
 * The first-print discount's setting as staff see and change it (docs/decisions/0033). The setting lives in
 * shop_settings and is read with the catalog's snapshot (catalog-cache.ts), so checkout reads it without a query;
 * a change moves the catalog version on in its transaction, which every API instance hears (catalog-sync.ts).
 * Orders already written keep their amounts: only a new order reads the rate.
 *
 * `createFirstPrint({ db, cache })` (docs/decisions/0018): no Fastify; catalog.plugin.ts decorates it as
 * `app.firstPrint` (the catalog module owns shop_settings: ADR 0056). The setting in force for a new order is the catalog module's `firstPrint()`.
 */
import type { Kysely } from 'kysely';
import type { FirstPrintDiscountBody, FirstPrintDiscountSetting } from '@bindery/contracts/admin/promotions';
import { firstPrintPromo } from '@bindery/pricing/first-print';
import type { DB } from '#db/database.js';
import type { CatalogCache } from './catalog-cache.js';
import {
  bumpCatalogVersion,
  readShopSettings,
  setFirstPrintDiscount,
  type ShopSettingsRow,
} from './catalog.repository.js';
import { iso } from '../orders/order-views.js';

function toSetting(row: ShopSettingsRow): FirstPrintDiscountSetting {
  return {
    enabled: row.first_print_discount_enabled,
    percent: Math.round(row.first_print_discount_bp / 100),
    rate_basis_points: row.first_print_discount_bp,
    text: firstPrintPromo(row.first_print_discount_bp),
    updated_at: iso(row.updated_at),
  };
}

export type FirstPrintModule = ReturnType<typeof createFirstPrint>;

export function createFirstPrint(deps: { db: Kysely<DB>; cache: Pick<CatalogCache, 'invalidate'> }) {
  const { db, cache } = deps;

  async function setting(): Promise<FirstPrintDiscountSetting> {
    const row = await readShopSettings(db);
    if (!row) throw new Error('shop_settings has no row 1: run the migrations');
    return toSetting(row);
  }

  async function change(adminId: number, body: FirstPrintDiscountBody): Promise<FirstPrintDiscountSetting> {
    const { row, version } = await db.transaction().execute(async (trx) => {
      const written = await setFirstPrintDiscount(trx, {
        enabled: body.enabled,
        rateBasisPoints: body.percent * 100,
        adminId,
      });
      return { row: written, version: await bumpCatalogVersion(trx) };
    });
    // This instance reads the new rate for its next order; the others on the NOTIFY sent at commit.
    cache.invalidate(version);
    return toSetting(row);
  }

  return { setting, change };
}
