/**
 * Admin user management under /api/users/admin (admins only: 401 without a token, 403 for customers):
 * GET users/ (accounts not deleted, newest first, keyset-paged, `q` searched on the server) and DELETE users/{id}/delete/ (customers only; 404 unknown id).
 * Paths, schemas and names: packages/contracts/src/admin/users.ts (adminUserRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserRoutes } from '@bindery/contracts/admin/users';
import { contractRoute } from '#lib/contract-route.js';

const adminUsers: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, adminUserRoutes.list, async (request) => app.accounts.listUsers(request.query));

  contractRoute(app, adminUserRoutes.delete, async (request, reply) => {
    await app.accounts.deleteUser(request.params.id);
    return reply.code(204).send(null);
  });
};

export default adminUsers;
