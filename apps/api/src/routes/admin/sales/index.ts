/**
 * GET api/admin/sales/?from&to&limit&cursor (admins only: 401 without a token, 403 for customers): the "Sales and
 * payments" report, per UTC day and per method, with the period's latest payments (docs/decisions/0022).
 * GET api/admin/sales/export/orders/?from&to and …/export/payments/?from&to: the period as CSV, streamed
 * (docs/decisions/0065).
 * Path, schemas and names: packages/contracts/src/admin/sales.ts (adminSalesRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSalesRoutes } from '@bindery/contracts/admin/sales';
import { Readable } from 'node:stream';
import { contentDisposition } from '#lib/content-disposition.js';
import { contractRoute } from '#lib/contract-route.js';

const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, adminSalesRoutes.report, async (request) => app.sales.report(request.query));

  for (const [route, kind] of [
    [adminSalesRoutes.exportOrders, 'orders'],
    [adminSalesRoutes.exportMoney, 'payments'],
  ] as const) {
    contractRoute(app, route, async (request, reply) => {
      const file = app.sales.exportCsv(kind, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Readable.from(file.text));
    });
  }
};

export default salesRoutes;
