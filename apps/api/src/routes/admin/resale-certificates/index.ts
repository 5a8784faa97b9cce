/**
 * The admin's review of resale certificates (issue 11.11; docs/decisions/0032), admins only (401 without a token,
 * 403 for customers):
 * - GET  api/admin/resale-certificates/?status&limit&cursor   pending (oldest first) by default; keyset-paged
 * - GET  api/admin/resale-certificates/{id}/file/?download    the certificate's file
 * - POST api/admin/resale-certificates/{id}/approve/          409 unless pending
 * - POST api/admin/resale-certificates/{id}/reject/ {reason}  409 unless pending
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@bindery/contracts/common';
import {
  AdminCertificateListQuery,
  AdminCertificateListResponse,
  AdminCertificateParams,
  AdminCertificateResponse,
  CertificateFileQuery,
  RejectCertificateBody,
} from '@bindery/contracts/admin/resale-certificates';
import type { Review } from '#plugins/app/certificates/certificates.service.js';
import { sendStoredFile } from '#lib/content-disposition.js';

const tags = ['admin: resale certificates'];
const denied = { 401: ErrorBody, 403: ErrorBody };

const adminCertificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** POST api/admin/resale-certificates/{id}/{decision}/: a pending certificate reviewed once (409 after). */
  function reviewRoute<Body extends z.ZodType = z.ZodUndefined>(
    decision: Review['decision'],
    spec: { summary: string; body?: Body; review: (body: z.infer<Body>) => Review },
  ) {
    app.post(
      `/admin/resale-certificates/:id/${decision}`,
      {
        config: { access: 'admin' },
        schema: {
          tags,
          summary: spec.summary,
          params: AdminCertificateParams,
          ...(spec.body ? { body: spec.body } : {}),
          response: {
            200: AdminCertificateResponse,
            400: ErrorBody,
            ...denied,
            404: ErrorBody,
            409: ErrorBody,
          },
        },
      },
      async (request) => ({
        certificate: await app.certificates.review(
          request.params.id,
          // Validated against spec.body by the route's schema (approve reads none).
          spec.review(request.body as z.infer<Body>),
          request.signedInUser(),
        ),
      }),
    );
  }

  app.get(
    '/admin/resale-certificates',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Resale certificates of one status (pending first in line), keyset-paged',
        querystring: AdminCertificateListQuery,
        response: { 200: AdminCertificateListResponse, 400: ErrorBody, ...denied },
      },
    },
    async (request) => app.certificates.adminList(request.query),
  );

  app.get(
    '/admin/resale-certificates/:id/file',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A resale certificate's file, inline or ?download=true",
        params: AdminCertificateParams,
        querystring: CertificateFileQuery,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        response: { 200: z.unknown(), 400: ErrorBody, ...denied, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const file = await app.certificates.openFile(request.params.id);
      return sendStoredFile(reply, file, request.query.download);
    },
  );

  // Approve and reject are one route shape: the decision is the path's last segment, a reason only for reject.
  reviewRoute('approve', {
    summary: 'Approve a pending resale certificate (its state becomes tax-exempt for the customer)',
    // No body: approving takes no input (whatever is sent is not read).
    review: () => ({ decision: 'approve' }),
  });
  reviewRoute('reject', {
    summary: 'Reject a pending resale certificate with a reason the customer sees',
    body: RejectCertificateBody,
    review: (body) => ({ decision: 'reject', reason: body.reason }),
  });
};

export default adminCertificatesRoutes;
