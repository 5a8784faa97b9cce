/**
 * The customer's resale certificates (issue 11.11; docs/decisions/0032), bearer token required:
 * - POST api/resale-certificates/   multipart {state, file} (PDF, JPEG or PNG, at most 10 MB) → 201
 * - GET  api/resale-certificates/   the caller's certificates with status and reason, newest first (keyset)
 * Logic in plugins/app/certificates; this module only wires HTTP to it.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@bindery/contracts/common';
import {
  CERTIFICATE_MAX_BYTES,
  MyCertificatesQuery,
  MyCertificatesResponse,
  ResaleCertificate,
} from '@bindery/contracts/store/resale-certificates';
import { multipartLimits } from '#plugins/app/projects/uploads.service.js';

const tags = ['resale certificates'];

const certificatesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: one file of at most 10 MB and the state field.
  await app.register(multipart, { limits: multipartLimits(CERTIFICATE_MAX_BYTES, ['state']) });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/resale-certificates',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Upload a resale certificate for a US state (multipart: state, file); staff review it',
        consumes: ['multipart/form-data'],
        response: {
          201: ResaleCertificate,
          400: ErrorBody,
          401: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const certificate = await app.certificates.receive(
        request.signedInUser().id,
        () => request.parts(),
        request.raw.socket,
      );
      return reply.code(201).send(certificate);
    },
  );

  app.get(
    '/resale-certificates',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: "The caller's resale certificates with their status and any rejection reason, newest first",
        querystring: MyCertificatesQuery,
        response: { 200: MyCertificatesResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => app.certificates.listMine(request.signedInUser().id, request.query),
  );
};

export default certificatesRoutes;
