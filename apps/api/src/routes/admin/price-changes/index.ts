/**
 * The price audit (docs/decisions/0063), admins only (401 without a token, 403 for customers):
 * - GET api/admin/price-changes/?q&editor&category&limit&cursor   recorded changes, newest first, keyset-paged
 * - GET api/admin/prices-at/?category&at                        a category's prices as they stood at `at`
 * Paths, schemas and names: packages/contracts/src/admin/price-changes.ts (adminPriceChangeRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPriceChangeRoutes } from '@bindery/contracts/admin/price-changes';
import { contractRoute } from '#lib/contract-route.js';

const priceChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, adminPriceChangeRoutes.list, async (request) => app.priceAudit.changes(request.query));
  contractRoute(app, adminPriceChangeRoutes.pricesAt, async (request) => app.priceAudit.pricesAt(request.query));
};

export default priceChangesRoutes;
