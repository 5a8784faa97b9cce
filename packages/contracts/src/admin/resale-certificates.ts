/**
 * The admin's review of resale certificates (docs/decisions/0032), admins only:
 * - GET  api/admin/resale-certificates/?status&limit&cursor   one status at a time, `pending` by default, oldest
 *   first for pending (a queue), newest first otherwise; keyset-paged with `total`
 * - GET  api/admin/resale-certificates/{id}/file/?download    the file, inline or as an attachment
 * - POST api/admin/resale-certificates/{id}/approve/          pending → approved
 * - POST api/admin/resale-certificates/{id}/reject/ {reason}  pending → rejected (a reason is required)
 * A review of a certificate that is no longer pending is a 409.
 */
import { z } from 'zod';
import { errorBodies, IdParams, PageQuery, page } from '../common.js';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';
import { CertificateStatus, ResaleCertificate } from '../store/resale-certificates.js';

export const AdminCertificate = ResaleCertificate.extend({
  customer: z.object({ id: z.number().int().positive(), name: z.string(), email: z.string() }),
  /** The admin who approved or rejected it (null while pending). */
  reviewed_by: z.object({ id: z.number().int().positive(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminCertificate = z.infer<typeof AdminCertificate>;

export const AdminCertificateListQuery = PageQuery.extend({
  status: CertificateStatus.default('pending'),
}).strict();
export type AdminCertificateListQuery = z.input<typeof AdminCertificateListQuery>;

export const AdminCertificateListResponse = page(AdminCertificate).extend({
  total: z.number().int().nonnegative(),
});
export type AdminCertificateListResponse = z.infer<typeof AdminCertificateListResponse>;

export const AdminCertificateParams = IdParams;

export const CertificateFileQuery = z.object({ download: z.stringbool().optional() }).strict();

export const RejectCertificateBody = z
  .object({
    reason: z
      .string({ error: messages.certificates.reasonRequired })
      .trim()
      .min(1, { error: messages.certificates.reasonRequired })
      .max(500),
  })
  .strict();
export type RejectCertificateBody = z.infer<typeof RejectCertificateBody>;

export const AdminCertificateResponse = z.object({ certificate: AdminCertificate });
export type AdminCertificateResponse = z.infer<typeof AdminCertificateResponse>;

const tags = ['admin: resale certificates'];
const reviewAnswers = { 200: AdminCertificateResponse, ...errorBodies(400, 401, 403, 404, 409) };

/** The review of resale certificates (apps/api/src/routes/admin/resale-certificates; docs/decisions/0032). */
export const adminCertificateRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/resale-certificates/',
    operationId: 'getAdminResaleCertificates',
    summary: 'Resale certificates of one status (pending first in line), keyset-paged',
    tags,
    access: 'admin',
    query: AdminCertificateListQuery,
    responses: { 200: AdminCertificateListResponse, ...errorBodies(400, 401, 403) },
  }),
  /** The stored file's bytes (no JSON): the SPA opens it as a link, never through the JSON client. */
  file: defineRoute({
    method: 'GET',
    path: '/api/admin/resale-certificates/{id}/file/',
    operationId: 'getAdminResaleCertificatesByIdFile',
    summary: "A resale certificate's file, inline or ?download=true",
    tags,
    access: 'admin',
    params: AdminCertificateParams,
    query: CertificateFileQuery,
    produces: ['application/pdf', 'image/jpeg', 'image/png'],
    responses: { 200: null, ...errorBodies(400, 401, 403, 404) },
  }),
  /** 409 unless pending: a certificate is reviewed once. Approving takes no input. */
  approve: defineRoute({
    method: 'POST',
    path: '/api/admin/resale-certificates/{id}/approve/',
    operationId: 'postAdminResaleCertificatesByIdApprove',
    summary: 'Approve a pending resale certificate (its state becomes tax-exempt for the customer)',
    tags,
    access: 'admin',
    params: AdminCertificateParams,
    responses: reviewAnswers,
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/api/admin/resale-certificates/{id}/reject/',
    operationId: 'postAdminResaleCertificatesByIdReject',
    summary: 'Reject a pending resale certificate with a reason the customer sees',
    tags,
    access: 'admin',
    params: AdminCertificateParams,
    body: RejectCertificateBody,
    responses: reviewAnswers,
  }),
};
