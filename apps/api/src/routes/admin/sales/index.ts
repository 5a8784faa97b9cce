/**
 * GET api/admin/sales/?from&to&limit&cursor (admins only: 401 without a token, 403 for customers): the "Sales and
 * payments" report, per UTC day and per method, with the period's latest payments (docs/decisions/0022).
 * Path, schemas and names: packages/contracts/src/admin/sales.ts (adminSalesRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSalesRoutes } from '@bindery/contracts/admin/sales';
import { contractRoute } from '#lib/contract-route.js';

const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, adminSalesRoutes.report, async (request) => app.sales.report(request.query));
};

export default salesRoutes;
