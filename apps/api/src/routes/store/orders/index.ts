/**
 * The customer's orders after checkout (docs/decisions/0020). Bearer; own orders only (another customer's order
 * is 404, like an unknown one):
 * - GET  api/orders/?limit&cursor&status   keyset page of OrderSummary, newest first, with `total`
 * - GET  api/orders/overview/              the dashboard's sales and payments overview
 * - GET  api/orders/lookup/?number=        one order by its number (BND-000042)
 * - GET  api/orders/{id}/                  one order: items, amounts, timeline, tracking, refunds
 * - POST api/orders/{id}/reorder/          its books again as draft projects on the same files (→ cart → /shop)
 * - GET  api/orders/{id}/notes/            the notes staff wrote to the customer (docs/decisions/0071)
 * - POST api/orders/{id}/replace-file/     a new interior or cover for a book of an order on hold (ADR 0072)
 * - POST api/orders/{id}/cancel/           within the cancel window: canceled, refunded in full (ADR 0072)
 * - PUT  api/orders/{id}/address/          within the cancel window: another address, same state (ADR 0072)
 * - POST api/orders/{id}/approve-proof/    the proof copy of a shipped order approved, once (ADR 0078)
 * - GET  api/orders/{id}/downloads/{project_id}/{pdf|cover}/  an e-book's file once the order is paid (403
 *                                          before; the order's customer or an admin; docs/decisions/0034)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderHoldRoutes } from '@bindery/contracts/store/order-changes';
import { orderNoteRoutes } from '@bindery/contracts/store/order-notes';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { proofRoutes } from '@bindery/contracts/store/proofs';
import { contractRoute } from '#lib/contract-route.js';
import { sendStoredFile } from '#lib/content-disposition.js';

const orders: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  contractRoute(app, orderRoutes.list, async (request) =>
    app.orders.myOrders(request.signedInUser().id, request.query),
  );

  contractRoute(app, orderNoteRoutes.list, async (request) => ({
    notes: await app.orderNotes.visibleTo(request.signedInUser().id, request.params.id),
  }));

  contractRoute(app, orderRoutes.overview, async (request) => app.orders.overview(request.signedInUser().id));

  contractRoute(app, orderRoutes.lookup, async (request) => ({
    order: await app.orders.lookup(request.signedInUser().id, request.query.number),
  }));

  contractRoute(app, orderRoutes.get, async (request) => ({
    order: await app.orders.myOrder(request.signedInUser().id, request.params.id),
  }));

  contractRoute(app, orderRoutes.reorder, async (request, reply) => {
    const result = await app.orders.reorder(request.signedInUser().id, request.params.id, request.body ?? {});
    return reply.code(201).send(result);
  });

  contractRoute(app, orderHoldRoutes.replaceFile, async (request) => ({
    order: await app.orders.replaceFile(request.signedInUser(), request.params.id, request.body),
  }));

  contractRoute(app, orderHoldRoutes.cancel, async (request) => ({
    order: await app.orders.cancelMine(request.signedInUser(), request.params.id),
  }));

  contractRoute(app, orderHoldRoutes.changeAddress, async (request) => ({
    order: await app.orders.changeAddress(request.signedInUser(), request.params.id, request.body),
  }));

  // The customer approves the proof copy of a shipped order (ADR 0078).
  contractRoute(app, proofRoutes.approve, async (request) => {
    const user = request.signedInUser();
    await app.orders.approveProof(user, request.params.id, request.body.project_id);
    return { order: await app.orders.myOrder(user.id, request.params.id) };
  });

  contractRoute(app, orderRoutes.download, async (request, reply) => {
    const { id, project_id: projectId, kind } = request.params;
    const owner = await app.orders.downloadOwner(request.signedInUser(), id, projectId);
    // The order's customer owns the book; an admin reads it on their behalf.
    const file = await app.projects.openFile({ id: owner, is_admin: false }, projectId, kind);
    return sendStoredFile(reply, file, true);
  });
};

export default orders;
