/**
 * Admin price updates of ONE category, registered once per product definition: a PUT api/{slug}/{kind}/{id}/update/
 * route for every kind the spec lets that category's editor change (binding-type, interior-color, paper-type,
 * cover-finish, spine / spine-type, exterior-color, foil-stamping, screen-stamping, corner-protector, trim-size).
 * Admins only: 401 without a token, 403 for a customer (role read from the database). Each route's path, schemas
 * and names: packages/contracts/src/admin/catalog.ts (adminPriceUpdateRoute).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPriceUpdateRoute } from '@bindery/contracts/admin/catalog';
import { updatableKinds, type ProductDefinition } from '@bindery/pricing/products';
import { contractRoute } from '#lib/contract-route.js';

export interface AdminCatalogRoutesOptions {
  product: ProductDefinition;
}

const adminCatalog: FastifyPluginAsyncZod<AdminCatalogRoutesOptions> = async (app, { product }) => {
  for (const kind of updatableKinds(product)) {
    contractRoute(app, adminPriceUpdateRoute(product, kind), async (request) =>
      app.catalog.updatePrice({
        slug: product.slug,
        kind,
        id: request.params.id,
        body: request.body,
        adminId: request.signedInUser().id,
      }),
    );
  }
};

export default adminCatalog;
