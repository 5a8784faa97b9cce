/**
 * The admin's review of resale certificates (docs/decisions/0032), admins only (401 without a token,
 * 403 for customers):
 * - GET  api/admin/resale-certificates/?status&limit&cursor   pending (oldest first) by default; keyset-paged
 * - GET  api/admin/resale-certificates/{id}/file/?download    the certificate's file
 * - POST api/admin/resale-certificates/{id}/approve/          409 unless pending
 * - POST api/admin/resale-certificates/{id}/reject/ {reason}  409 unless pending
 * Paths, schemas and names: packages/contracts/src/admin/resale-certificates.ts (adminCertificateRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCertificateRoutes } from '@bindery/contracts/admin/resale-certificates';
import { sendStoredFile } from '#lib/content-disposition.js';
import { contractRoute } from '#lib/contract-route.js';

const adminCertificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, adminCertificateRoutes.list, async (request) =>
    app.certificates.adminList(request.query),
  );

  contractRoute(app, adminCertificateRoutes.file, async (request, reply) => {
    const file = await app.certificates.openFile(request.params.id);
    return sendStoredFile(reply, file, request.query.download);
  });

  // A pending certificate is reviewed once (409 after). Approving reads no input, whatever is sent.
  contractRoute(app, adminCertificateRoutes.approve, async (request) => ({
    certificate: await app.certificates.review(
      request.params.id,
      { decision: 'approve' },
      request.signedInUser(),
    ),
  }));

  contractRoute(app, adminCertificateRoutes.reject, async (request) => ({
    certificate: await app.certificates.review(
      request.params.id,
      { decision: 'reject', reason: request.body.reason },
      request.signedInUser(),
    ),
  }));
};

export default adminCertificatesRoutes;
