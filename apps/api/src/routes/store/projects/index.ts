/**
 * Book projects and their files under api/book/ (docs/spec/customer-journey.md §7; docs/decisions/0012), all with a bearer
 * token, each customer seeing only their own projects (another's id answers 404):
 * - POST   uploads/            multipart {purpose, file} → 201 UploadedFile (the server's file facts)
 * - GET    uploads/{id}/facts/ → UploadedFile: one of the caller's uploads still usable (a draft's restore)
 * - GET    uploads/{id}/file/  the bytes of that upload, inline (the design page's preview; ADR 0073)
 * - POST   upload-book/        UploadBookBody → 201 (new) or 200 (project_id edited) UploadBookResponse
 * - GET    my-books/           MyBooksQuery → one keyset page of the customer's projects (newest first by default)
 * - GET    dropdown-data/      → the categories and languages of /start-project
 * - GET    {id}/               → Project
 * - DELETE {id}/delete/        → { message }
 * - GET    {id}/files/{kind}/  the interior PDF or the cover (owner or admin), inline or ?download=true
 * The routes' contracts are `projectRoutes` (@bindery/contracts/store/projects). Logic in plugins/app/projects/*;
 * this module only wires HTTP to it.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@bindery/contracts/messages';
import { UPLOAD_MAX_BYTES, projectRoutes } from '@bindery/contracts/store/projects';
import { proofRoutes } from '@bindery/contracts/store/proofs';
import { contractRoute } from '#lib/contract-route.js';
import { dropdownData, projectTexts } from '#plugins/app/projects/projects.service.js';
import { multipartLimits } from '#plugins/app/projects/multipart-parts.js';
import { sendStoredFile } from '#lib/content-disposition.js';

const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated here: only api/book/uploads/ takes multipart. One file of at most 50 MB, two small fields.
  await app.register(multipart, { limits: multipartLimits(UPLOAD_MAX_BYTES, ['purpose']) });
  app.addHook('onRequest', app.authenticate);

  contractRoute(app, projectRoutes.upload, async (request, reply) => {
    const uploaded = await app.uploads.receive(request.signedInUser().id, () => request.parts());
    return reply.code(201).send(uploaded);
  });

  contractRoute(app, projectRoutes.uploadFacts, async (request) =>
    app.uploads.getMine(request.signedInUser().id, request.params.id),
  );

  contractRoute(app, projectRoutes.uploadFile, async (request, reply) => {
    const file = await app.uploads.openMine(request.signedInUser().id, request.params.id);
    return sendStoredFile(reply, file, false);
  });

  contractRoute(app, projectRoutes.uploadBook, async (request, reply) => {
    const user = request.signedInUser();
    const result = await app.projects.submit(
      { id: user.id, email: user.email, name: user.name },
      request.body,
    );
    return reply
      .code(result.created ? 201 : 200)
      .send({ status: 'success', message: result.message, project: result.project });
  });

  contractRoute(app, projectRoutes.myBooks, async (request) =>
    app.projects.listMine(request.signedInUser().id, request.query),
  );

  contractRoute(app, projectRoutes.dropdownData, async () => dropdownData());

  contractRoute(app, projectRoutes.get, async (request) =>
    app.projects.getMine(request.signedInUser().id, request.params.id),
  );

  // A proof copy of the book: one copy, single-copy price, a draft for the cart (ADR 0078).
  contractRoute(app, proofRoutes.order, async (request, reply) => {
    const { project, created } = await app.projects.orderProof(request.signedInUser().id, request.params.id);
    const message = created ? messages.proofs.ordered : messages.proofs.alreadyInCart;
    return reply.code(created ? 201 : 200).send({ message, project });
  });

  contractRoute(app, projectRoutes.remove, async (request) => {
    await app.projects.remove(request.signedInUser(), request.params.id);
    return { message: projectTexts.deleted };
  });

  contractRoute(app, projectRoutes.file, async (request, reply) => {
    const user = request.signedInUser();
    const file = await app.projects.openFile(user, request.params.id, request.params.kind);
    return sendStoredFile(reply, file, request.query.download);
  });
};

export default projectsRoutes;
