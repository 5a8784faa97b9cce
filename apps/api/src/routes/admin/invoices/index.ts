/**
 * Staff's view of an order's invoice and credit notes (admins only; docs/decisions/0075). Paths, schemas and
 * names: packages/contracts/src/admin/invoices.ts (adminInvoiceRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminInvoiceRoutes as r } from '@bindery/contracts/admin/invoices';
import { sendPdf } from '#lib/content-disposition.js';
import { contractRoute } from '#lib/contract-route.js';

const invoices: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, r.list, async (request) => app.invoices.list(request.params.id));
  contractRoute(app, r.pdf, async (request, reply) => {
    const pdf = await app.invoices.pdf(request.params.id, request.params.number);
    return sendPdf(reply, pdf, 'attachment');
  });
};

export default invoices;
