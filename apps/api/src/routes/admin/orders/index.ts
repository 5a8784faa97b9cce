/**
 * GET api/book/all-orders/ (admins only: 401 without a token, 403 for customers): every project that is not
 * deleted, as the admin's Order entity (calculators-account-admin.md §2 Manage Orders, Order Details), with its
 * customer's e-mail, option names, file paths and the latest order that is not canceled.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@bindery/contracts/common';
import { AllOrdersResponse } from '@bindery/contracts/admin/orders';
import { listAllOrders } from '../../../plugins/app/projects/projects.service.js';

const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: applies to the routes of this module only.
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/book/all-orders',
    {
      schema: {
        tags: ['admin: orders'],
        summary: 'Every project with its customer and order state',
        security: [{ bearerAuth: [] }],
        response: { 200: AllOrdersResponse, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => ({ data: await listAllOrders(app) }),
  );
};

export default ordersRoutes;
