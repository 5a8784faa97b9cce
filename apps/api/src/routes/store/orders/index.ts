/**
 * The customer's orders after checkout (docs/decisions/0020). Bearer; own orders only (another customer's order
 * is 404, like an unknown one):
 * - GET  api/orders/?limit&cursor&status   keyset page of OrderSummary, newest first, with `total`
 * - GET  api/orders/overview/              the dashboard's sales and payments overview
 * - GET  api/orders/lookup/?number=        one order by its number (BND-000042)
 * - GET  api/orders/{id}/                  one order: items, amounts, timeline, tracking, refunds
 * - POST api/orders/{id}/reorder/          its books again as draft projects on the same files (→ cart → /shop)
 * - GET  api/orders/{id}/downloads/{project_id}/{pdf|cover}/  an e-book's file once the order is paid (403
 *                                          before; the order's customer or an admin; docs/decisions/0034)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams } from '@bindery/contracts/common';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import {
  MyOrdersQuery,
  MyOrdersResponse,
  OrderDownloadParams,
  OrderLookupQuery,
  ReorderBody,
  ReorderResponse,
  SalesOverviewResponse,
} from '@bindery/contracts/store/orders';
import { z } from 'zod';
import { sendStoredFile } from '#lib/content-disposition.js';

const tags = ['orders'];

const orders: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/orders',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'The caller’s orders, newest first (keyset page)',
        querystring: MyOrdersQuery,
        response: { 200: MyOrdersResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => app.orders.myOrders(request.signedInUser().id, request.query),
  );

  app.get(
    '/orders/overview',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'The caller’s paid, refunded and unpaid totals and order counts',
        response: { 200: SalesOverviewResponse, 401: ErrorBody },
      },
    },
    async (request) => app.orders.overview(request.signedInUser().id),
  );

  app.get(
    '/orders/lookup',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'One of the caller’s orders by its number',
        querystring: OrderLookupQuery,
        response: { 200: OrderResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({ order: await app.orders.lookup(request.signedInUser().id, request.query.number) }),
  );

  app.get(
    '/orders/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'One of the caller’s orders',
        params: IdParams,
        response: { 200: OrderResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({ order: await app.orders.myOrder(request.signedInUser().id, request.params.id) }),
  );

  app.post(
    '/orders/:id/reorder',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Order the books of a paid order again: new draft projects on the same files, priced now',
        params: IdParams,
        // No body at all means every book at the copies ordered then.
        body: ReorderBody.nullish(),
        response: { 201: ReorderResponse, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await app.orders.reorder(
        request.signedInUser().id,
        request.params.id,
        request.body ?? {},
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/orders/:id/downloads/:project_id/:kind',
    {
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        summary:
          'An e-book’s interior PDF or cover from a paid order (its customer or an admin), as a download',
        params: OrderDownloadParams,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        // The file's bytes (a stream is sent as is, never serialized).
        response: { 200: z.unknown(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const { id, project_id: projectId, kind } = request.params;
      const owner = await app.orders.downloadOwner(request.signedInUser(), id, projectId);
      // The order's customer owns the book; an admin reads it on their behalf.
      const file = await app.projects.openFile({ id: owner, is_admin: false }, projectId, kind);
      return sendStoredFile(reply, file, true);
    },
  );
};

export default orders;
