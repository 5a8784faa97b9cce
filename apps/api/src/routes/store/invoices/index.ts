/**
 * The customer's invoices and credit notes (docs/decisions/0075): bearer, own orders only (another's is 404).
 * Paths, schemas and names: packages/contracts/src/store/invoices.ts (invoiceRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceRoutes as r } from '@bindery/contracts/store/invoices';
import { sendPdf } from '#lib/content-disposition.js';
import { contractRoute } from '#lib/contract-route.js';

const invoices: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  contractRoute(app, r.list, async (request) =>
    app.invoices.listMine(request.signedInUser().id, request.params.id),
  );
  contractRoute(app, r.pdf, async (request, reply) => {
    const { id, number } = request.params;
    const pdf = await app.invoices.pdfMine(request.signedInUser().id, id, number);
    return sendPdf(reply, pdf, 'attachment');
  });
};

export default invoices;
