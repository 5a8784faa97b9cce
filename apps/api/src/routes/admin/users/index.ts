/**
 * Admin user management under /api/users/admin (admins only: 401 without a token, 403 for customers):
 * GET users/ (accounts not deleted, newest first, keyset-paged, `q` searched on the server) and DELETE users/{id}/delete/ (customers only; 404 unknown id).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@bindery/contracts/common';
import {
  AdminDeleteUserParams,
  AdminListUsersQuery,
  AdminListUsersResponse,
} from '@bindery/contracts/admin/users';

const tags = ['admin: users'];
const denied = { 401: ErrorBody, 403: ErrorBody };

const adminUsers: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/admin/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'List the accounts (newest first, keyset-paged, searched on the server)',
        querystring: AdminListUsersQuery,
        response: { 200: AdminListUsersResponse, 400: ErrorBody, ...denied },
      },
    },
    async (request) => app.accounts.listUsers(request.query),
  );

  app.delete(
    '/users/admin/users/:id/delete',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Delete a customer account (anonymised; its orders stay)',
        params: AdminDeleteUserParams,
        response: { 204: z.null(), 400: ErrorBody, ...denied, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      await app.accounts.deleteUser(request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export default adminUsers;
