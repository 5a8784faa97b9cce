/**
 * Admin user management under /api/users/admin (admins only: 401 without a token, 403 for customers):
 * GET users/ (accounts not deleted, newest first, keyset-paged, `q` searched on the server) and DELETE users/{id}/delete/ (customers only; 404 unknown id);
 * and POST logout/, the admin app's logout (docs/decisions/0052): it ends the admin session of the bearer token and
 * clears the admin app's refresh cookie, never the web shop's.
 * Paths, schemas and names: packages/contracts/src/admin/users.ts (adminUserRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserRoutes } from '@bindery/contracts/admin/users';
import { contractRoute } from '#lib/contract-route.js';
import cookie from '#plugins/external/cookie.js';
import { clearRefreshCookie } from '#plugins/app/users/refresh-cookie.js';

const adminUsers: FastifyPluginAsyncZod = async (app) => {
  // For the logout's cookie only; encapsulated in this module as in the store's users routes.
  await app.register(cookie);

  contractRoute(app, adminUserRoutes.list, async (request) => app.accounts.listUsers(request.query));

  contractRoute(app, adminUserRoutes.delete, async (request, reply) => {
    await app.accounts.deleteUser(request.params.id, request.signedInUser());
    return reply.code(204).send(null);
  });

  contractRoute(app, adminUserRoutes.logout, { config: { endsSession: true } }, async (request, reply) => {
    // The tree's requireAdmin accepted the token: its session is an admin session of this admin.
    if (request.sessionId) await app.sessions.endSession(request.sessionId);
    clearRefreshCookie(reply, 'admin');
    return reply.code(204).send(null);
  });
};

export default adminUsers;
