/**
 * Resale certificates, the evidence behind a tax exemption (docs/decisions/0032). A customer uploads
 * one per US state on the account page; staff approve or reject it (./../admin/resale-certificates.ts). Only an
 * approved certificate for the ship-to state exempts an enterprise order from sales tax, decided on the server.
 *
 * - POST api/resale-certificates/   multipart {state, file} → 201 ResaleCertificate (the server's file facts)
 * - GET  api/resale-certificates/   → page of the caller's certificates, newest first (keyset)
 */
import { z } from 'zod';
import { ErrorBody, PageQuery, page } from '../common.js';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';
import { US_ZIP_PREFIXES } from '../us-zip.js';

/** A certificate file is a scan or an export of a form: 10 MB is ample, and bounds what one account can store. */
export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

/** Certificates one customer may have awaiting review at once. */
export const MAX_PENDING_CERTIFICATES = 5;

export const CertificateStatus = z.enum(['pending', 'approved', 'rejected']);
export type CertificateStatus = z.infer<typeof CertificateStatus>;

/** A USPS state code a US address may carry (the states of the ZIP table), trimmed and upper-cased. */
export const CertificateState = z
  .string({ error: messages.certificates.stateRequired })
  .trim()
  .toUpperCase()
  .refine((code) => Object.hasOwn(US_ZIP_PREFIXES, code), { error: messages.certificates.stateRequired });

export const ResaleCertificate = z.object({
  id: z.number().int().positive(),
  /** The USPS code of the state it covers. */
  state: z.string(),
  status: CertificateStatus,
  /** Why staff rejected it (null unless rejected). */
  reason: z.string().nullable(),
  file_name: z.string(),
  content_type: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
  size_bytes: z.number().int().nonnegative(),
  /** Pages counted in a PDF; null for images. */
  page_count: z.number().int().positive().nullable(),
  /** Pixels decoded from an image; null for PDFs. */
  width_px: z.number().int().positive().nullable(),
  height_px: z.number().int().positive().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type ResaleCertificate = z.infer<typeof ResaleCertificate>;

export const MyCertificatesQuery = PageQuery.strict();
export type MyCertificatesQuery = z.input<typeof MyCertificatesQuery>;

export const MyCertificatesResponse = page(ResaleCertificate);
export type MyCertificatesResponse = z.infer<typeof MyCertificatesResponse>;

const tags = ['resale certificates'];

/** The customer's resale certificates (apps/api/src/routes/store/resale-certificates; docs/decisions/0032). */
export const certificateRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/resale-certificates/',
    operationId: 'postResaleCertificates',
    summary: 'Upload a resale certificate for a US state (multipart: state, file); staff review it',
    tags,
    access: 'customer',
    multipart: true,
    responses: {
      201: ResaleCertificate,
      400: ErrorBody,
      401: ErrorBody,
      413: ErrorBody,
      415: ErrorBody,
      429: ErrorBody,
      503: ErrorBody,
    },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/resale-certificates/',
    operationId: 'getResaleCertificates',
    summary: "The caller's resale certificates with their status and any rejection reason, newest first",
    tags,
    access: 'customer',
    query: MyCertificatesQuery,
    responses: { 200: MyCertificatesResponse, 400: ErrorBody, 401: ErrorBody },
  }),
};
