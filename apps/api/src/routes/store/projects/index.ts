/**
 * Book projects and their files under api/book/ (docs/spec/customer-journey.md §7; docs/decisions/0012), all with a bearer
 * token, each customer seeing only their own projects (another's id answers 404):
 * - POST   uploads/            multipart {purpose, file} → 201 UploadedFile (the server's file facts)
 * - GET    uploads/{id}/facts/ → UploadedFile: one of the caller's uploads still usable (a draft's restore)
 * - POST   upload-book/        UploadBookBody → 201 (new) or 200 (project_id edited) UploadBookResponse
 * - GET    my-books/           MyBooksQuery → one keyset page of the customer's projects (newest first by default)
 * - GET    dropdown-data/      → the categories and languages of /start-project
 * - GET    {id}/               → Project
 * - DELETE {id}/delete/        → { message }
 * - GET    {id}/files/{kind}/  the interior PDF or the cover (owner or admin), inline or ?download=true
 * Logic in plugins/app/projects/*; this module only wires HTTP to it.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, IdParams } from '@bindery/contracts/common';
import {
  DeleteProjectResponse,
  DropdownDataResponse,
  MyBooksQuery,
  MyBooksResponse,
  Project,
  ProjectFileParams,
  ProjectFileQuery,
  UPLOAD_MAX_BYTES,
  UploadBookBody,
  UploadBookResponse,
  UploadedFile,
  UploadParams,
} from '@bindery/contracts/store/projects';
import { dropdownData, projectTexts } from '#plugins/app/projects/projects.service.js';
import { multipartLimits } from '#plugins/app/projects/uploads.service.js';
import { sendStoredFile } from '#lib/content-disposition.js';

const tags = ['projects'];
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated here: only api/book/uploads/ takes multipart. One file of at most 50 MB, two small fields.
  await app.register(multipart, { limits: multipartLimits(UPLOAD_MAX_BYTES, ['purpose']) });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/book/uploads',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Upload an interior PDF or a cover (multipart: purpose, file); the server checks the bytes',
        consumes: ['multipart/form-data'],
        response: {
          201: UploadedFile,
          ...errors,
          413: ErrorBody,
          415: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const uploaded = await app.uploads.receive(
        request.signedInUser().id,
        () => request.parts(),
        request.raw.socket,
      );
      return reply.code(201).send(uploaded);
    },
  );

  app.get(
    '/book/uploads/:id/facts',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "One of the customer's uploads, while a project may still use it (restoring a design draft)",
        params: UploadParams,
        response: { 200: UploadedFile, ...errors },
      },
    },
    async (request) => app.uploads.getMine(request.signedInUser().id, request.params.id),
  );

  app.post(
    '/book/upload-book',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Create (or edit, with project_id) a project from uploaded files; priced by the server',
        body: UploadBookBody,
        response: { 200: UploadBookResponse, 201: UploadBookResponse, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.signedInUser();
      const result = await app.projects.submit(
        { id: user.id, email: user.email, name: user.name },
        request.body,
      );
      return reply
        .code(result.created ? 201 : 200)
        .send({ status: 'success', message: result.message, project: result.project });
    },
  );

  app.get(
    '/book/my-books',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: "The customer's projects: one keyset page, searched and sorted on the server",
        querystring: MyBooksQuery,
        response: { 200: MyBooksResponse, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => app.projects.listMine(request.signedInUser().id, request.query),
  );

  app.get(
    '/book/dropdown-data',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Project categories (with the catalog slug that prices each) and languages',
        response: { 200: DropdownDataResponse, 401: ErrorBody },
      },
    },
    async () => dropdownData(),
  );

  app.get(
    '/book/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "One of the customer's projects",
        params: IdParams,
        response: { 200: Project, ...errors },
      },
    },
    async (request) => app.projects.getMine(request.signedInUser().id, request.params.id),
  );

  app.delete(
    '/book/:id/delete',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Delete a project (not once paid for; an unpaid order holding it is canceled)',
        params: IdParams,
        response: { 200: DeleteProjectResponse, ...errors, 409: ErrorBody },
      },
    },
    async (request) => {
      await app.projects.remove(request.signedInUser(), request.params.id);
      return { message: projectTexts.deleted };
    },
  );

  app.get(
    '/book/:id/files/:kind',
    {
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        summary: "A project's interior PDF or cover file (its owner or an admin)",
        params: ProjectFileParams,
        querystring: ProjectFileQuery,
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        // The file's bytes (a stream is sent as is, never serialized).
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const user = request.signedInUser();
      const file = await app.projects.openFile(user, request.params.id, request.params.kind);
      return sendStoredFile(reply, file, request.query.download);
    },
  );
};

export default projectsRoutes;
