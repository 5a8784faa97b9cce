/**
 * GET and PUT api/admin/first-print-discount/ (admins only: 401 without a token, 403 for customers; docs/decisions/
 * 0033): the first-print discount's switch and rate. A change applies to orders placed after it; an order already
 * written keeps its amounts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@bindery/contracts/common';
import { FirstPrintDiscountBody, FirstPrintDiscountSetting } from '@bindery/contracts/admin/promotions';

const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin: promotions'];

  app.get(
    '/admin/first-print-discount',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The first-print discount: on or off, and its rate',
        response: { 200: FirstPrintDiscountSetting, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => app.firstPrint.setting(),
  );

  app.put(
    '/admin/first-print-discount',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Switch the first-print discount on or off and set its rate (new orders only)',
        body: FirstPrintDiscountBody,
        response: { 200: FirstPrintDiscountSetting, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => app.firstPrint.change(request.signedInUser().id, request.body),
  );
};

export default promotionRoutes;
