/**
 * Admin orders (admins only: 401 without a token, 403 for customers; docs/decisions/0020):
 * - GET  api/admin/orders/?limit&cursor&status&q&from&to   orders, newest first (keyset), `total` for "n of m"
 * - GET  api/admin/orders/{id}/                            everything staff need to produce and ship one order
 * - POST api/admin/orders/{id}/status/                     a move of the lifecycle table (409 names both statuses)
 * - GET  api/book/all-orders/?limit&cursor&q               the spec's list of submitted projects (Manage Orders of
 *   docs/spec/calculators-account-admin.md §2), each with its latest order that is not canceled; keyset-paged,
 *   `q` a part of the title or the customer's e-mail.
 * Paths, schemas and names: packages/contracts/src/admin/orders.ts (adminOrderRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderRoutes } from '@bindery/contracts/admin/orders';
import { contractRoute } from '#lib/contract-route.js';

const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, adminOrderRoutes.list, async (request) => app.orders.adminList(request.query));

  contractRoute(app, adminOrderRoutes.get, async (request) => ({
    order: await app.orders.adminDetail(request.params.id),
  }));

  contractRoute(app, adminOrderRoutes.changeStatus, async (request) => ({
    order: await app.orders.changeStatus(request.params.id, request.body, request.signedInUser()),
  }));

  contractRoute(app, adminOrderRoutes.allOrders, async (request) =>
    app.projects.listSubmittedProjects(request.query),
  );
};

export default ordersRoutes;
