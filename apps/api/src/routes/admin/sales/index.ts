/**
 * GET api/admin/sales/?from&to&limit&cursor (admins only: 401 without a token, 403 for customers): the "Sales and
 * payments" report, per UTC day and per method, with the period's latest payments (docs/decisions/0022).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@bindery/contracts/common';
import { SalesReportQuery, SalesReportResponse } from '@bindery/contracts/admin/sales';

const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/sales',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin: sales'],
        summary: 'Money paid, refunded and outstanding per day and method, and the latest payments',
        querystring: SalesReportQuery,
        response: { 200: SalesReportResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => app.sales.report(request.query),
  );
};

export default salesRoutes;
