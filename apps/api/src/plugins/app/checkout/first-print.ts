/**
 * The first-print discount's setting as staff see and change it (docs/decisions/0033). The setting lives in
 * shop_settings and is read with the catalog's snapshot (catalog-cache.ts), so checkout reads it without a query;
 * a change moves the catalog version on in its transaction, which every API instance hears (catalog-sync.ts).
 * Orders already written keep their amounts: only a new order reads the rate.
 */
import type { FastifyInstance } from 'fastify';
import type { FirstPrintDiscountBody, FirstPrintDiscountSetting } from '@bindery/contracts/admin/promotions';
import { firstPrintPromo, type FirstPrintDiscount } from '@bindery/pricing/first-print';
import {
  bumpCatalogVersion,
  readShopSettings,
  setFirstPrintDiscount,
  type ShopSettingsRow,
} from '../catalog/catalog.repository.js';
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

/** The setting in force for new orders (from the catalog snapshot: no query when it is fresh). */
export async function firstPrintInForce(app: FastifyInstance): Promise<FirstPrintDiscount> {
  return (await app.catalogCache.get()).firstPrint;
}

export async function firstPrintSetting(app: FastifyInstance): Promise<FirstPrintDiscountSetting> {
  const row = await readShopSettings(app.db);
  if (!row) throw new Error('shop_settings has no row 1: run the migrations');
  return toSetting(row);
}

export async function changeFirstPrintSetting(
  app: FastifyInstance,
  adminId: number,
  body: FirstPrintDiscountBody,
): Promise<FirstPrintDiscountSetting> {
  const { row, version } = await app.db.transaction().execute(async (trx) => {
    const written = await setFirstPrintDiscount(trx, {
      enabled: body.enabled,
      rateBasisPoints: body.percent * 100,
      adminId,
    });
    return { row: written, version: await bumpCatalogVersion(trx) };
  });
  // This instance reads the new rate for its next order; the others on the NOTIFY sent at commit.
  app.catalogCache.invalidate(version);
  return toSetting(row);
}
