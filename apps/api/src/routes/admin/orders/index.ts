/**
 * Admin orders (admins only: 401 without a token, 403 for customers; docs/decisions/0020):
 * - GET  api/admin/orders/?limit&cursor&status&q&from&to   orders, newest first (keyset), `total` for "n of m"
 * - GET  api/admin/orders/{id}/                            everything staff need to produce and ship one order
 * - POST api/admin/orders/{id}/status/                     a move of the lifecycle table (409 names both statuses)
 * - GET  api/book/all-orders/?limit&cursor&q               the spec's list of submitted projects (Manage Orders of
 *   docs/spec/calculators-account-admin.md §2), each with its latest order that is not canceled; keyset-paged,
 *   `q` a part of the title or the customer's e-mail.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@bindery/contracts/common';
import {
  AdminOrderListQuery,
  AdminOrderListResponse,
  AdminOrderParams,
  AdminOrderResponse,
  AllOrdersQuery,
  AllOrdersResponse,
  ChangeStatusBody,
} from '@bindery/contracts/admin/orders';

const tags = ['admin: orders'];
const denied = { 401: ErrorBody, 403: ErrorBody };

const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Orders, newest first, filtered by status, search text and dates (keyset page)',
        querystring: AdminOrderListQuery,
        response: { 200: AdminOrderListResponse, 400: ErrorBody, ...denied },
      },
    },
    async (request) => app.orders.adminList(request.query),
  );

  app.get(
    '/admin/orders/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'One order with its books, files, amounts, payments, refunds and events',
        params: AdminOrderParams,
        response: { 200: AdminOrderResponse, 400: ErrorBody, ...denied, 404: ErrorBody },
      },
    },
    async (request) => ({ order: await app.orders.adminDetail(request.params.id) }),
  );

  app.post(
    '/admin/orders/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Move the order by the lifecycle table (start production, ship, deliver, cancel)',
        params: AdminOrderParams,
        body: ChangeStatusBody,
        response: {
          200: AdminOrderResponse,
          400: ErrorBody,
          ...denied,
          404: ErrorBody,
          409: ErrorBody,
          502: ErrorBody,
        },
      },
    },
    async (request) => ({
      order: await app.orders.changeStatus(request.params.id, request.body, request.signedInUser()),
    }),
  );

  app.get(
    '/book/all-orders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Every submitted project with its customer and order state (keyset page, search by title or e-mail)',
        querystring: AllOrdersQuery,
        response: { 200: AllOrdersResponse, 400: ErrorBody, ...denied },
      },
    },
    async (request) => app.projects.listAllOrders(request.query),
  );
};

export default ordersRoutes;
