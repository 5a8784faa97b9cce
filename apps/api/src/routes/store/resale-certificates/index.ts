/**
 * The customer's resale certificates (docs/decisions/0032), bearer token required:
 * - POST api/resale-certificates/   multipart {state, file} (PDF, JPEG or PNG, at most 10 MB) → 201
 * - GET  api/resale-certificates/   the caller's certificates with status and reason, newest first (keyset)
 * Logic in plugins/app/certificates; this module only wires HTTP to it.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CERTIFICATE_MAX_BYTES, certificateRoutes } from '@bindery/contracts/store/resale-certificates';
import { contractRoute } from '#lib/contract-route.js';
import { multipartLimits } from '#plugins/app/projects/multipart-parts.js';

const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: one file of at most 10 MB and the state field.
  await app.register(multipart, { limits: multipartLimits(CERTIFICATE_MAX_BYTES, ['state']) });
  app.addHook('onRequest', app.authenticate);

  contractRoute(app, certificateRoutes.upload, async (request, reply) => {
    const certificate = await app.certificates.receive(request.signedInUser().id, () => request.parts());
    return reply.code(201).send(certificate);
  });

  contractRoute(app, certificateRoutes.list, async (request) =>
    app.certificates.listMine(request.signedInUser().id, request.query),
  );
};

export default certificatesRoutes;
