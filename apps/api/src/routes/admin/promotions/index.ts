/**
 * GET and PUT api/admin/first-print-discount/ (admins only: 401 without a token, 403 for customers; docs/decisions/
 * 0033): the first-print discount's switch and rate. A change applies to orders placed after it; an order already
 * written keeps its amounts. Paths, schemas and names: packages/contracts/src/admin/promotions.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPromotionRoutes } from '@bindery/contracts/admin/promotions';
import { contractRoute } from '#lib/contract-route.js';

const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, adminPromotionRoutes.firstPrintDiscount, async () => app.firstPrint.setting());

  contractRoute(app, adminPromotionRoutes.setFirstPrintDiscount, async (request) =>
    app.firstPrint.change(request.signedInUser().id, request.body),
  );
};

export default promotionRoutes;
