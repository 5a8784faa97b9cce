/**
 * Order notes and the production floor (admins only; docs/decisions/0071). Paths, schemas and names:
 * packages/contracts/src/admin/production.ts (adminProductionRoutes).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProductionRoutes as r } from '@bindery/contracts/admin/production';
import { sendPdf, sendStoredFile } from '#lib/content-disposition.js';
import { contractRoute } from '#lib/contract-route.js';

const productionRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, r.listNotes, async (request) => ({
    notes: await app.orderNotes.list(request.params.id),
  }));
  contractRoute(app, r.addNote, async (request, reply) => {
    const note = await app.orderNotes.add(request.params.id, request.body, request.signedInUser().id);
    return reply.code(201).send({ note });
  });
  contractRoute(app, r.editNote, async (request) => ({
    note: await app.orderNotes.edit(request.params.id, request.params.noteId, request.body),
  }));
  contractRoute(app, r.deleteNote, async (request, reply) => {
    await app.orderNotes.remove(request.params.id, request.params.noteId);
    return reply.code(204).send();
  });

  contractRoute(app, r.groups, async () => ({ groups: await app.production.groups() }));
  contractRoute(app, r.list, async (request) => app.production.page(request.query));

  contractRoute(app, r.ticket, async (request, reply) =>
    sendPdf(reply as FastifyReply, await app.production.ticketPdf(request.params.id)),
  );
  contractRoute(app, r.packingSlip, async (request, reply) =>
    sendPdf(reply as FastifyReply, await app.production.packingSlipPdf(request.params.id)),
  );
  contractRoute(app, r.batch, async (request, reply) =>
    sendPdf(reply as FastifyReply, await app.production.batchPdf(request.query)),
  );
  contractRoute(app, r.file, async (request, reply) => {
    const file = await app.production.file(request.params.id, request.params.name);
    return sendStoredFile(reply, { ...file, fileName: request.params.name }, true);
  });
};

export default productionRoutes;
