/**
 * The customer's own account under /api/users/me (docs/decisions/0067), signed in: GET and PATCH (name),
 * POST password/ (the current one checked, rate-limited per client like a login; every other session ends),
 * GET sessions/, DELETE sessions/{id}/, POST email/ (docs/decisions/0074: rate-limited as the password change, and per
 * new address as a sign-up), DELETE (the account, with the password: docs/decisions/0074), and the address book
 * addresses/ (GET, POST, PUT/DELETE {id}/: docs/decisions/0074). Paths, schemas and names: packages/contracts/src/store/account.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from '@bindery/contracts/store/account';
import { addressRoutes } from '@bindery/contracts/store/addresses';
import { contractRoute } from '#lib/contract-route.js';
import { AUTH_LIMITS, authRateLimit } from '#plugins/app/users/auth-rate-limits.js';
import { DomainError } from '#lib/domain-error.js';
import { messages } from '@bindery/contracts/messages';

const accountRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  // Every route here acts for the signed-in account (onRequest: before a body is parsed).
  app.addHook('onRequest', app.authenticate);
  /** The session the request was made in (every signed-in request has one: auth.ts refuses tokens without it). */
  const sessionOf = (request: { sessionId?: string }): string => {
    if (!request.sessionId) throw new DomainError('unauthorized', messages.generic.unauthorized);
    return request.sessionId;
  };

  contractRoute(app, accountRoutes.me, async (request) => app.ownAccount.me(request.signedInUser()));
  contractRoute(app, accountRoutes.rename, async (request) =>
    app.ownAccount.rename(request.signedInUser(), request.body.name),
  );
  contractRoute(
    app,
    accountRoutes.changePassword,
    authRateLimit(app, 'change-password', AUTH_LIMITS.changePassword),
    async (request) => app.ownAccount.changePassword(request.signedInUser(), sessionOf(request), request.body),
  );
  contractRoute(
    app,
    accountRoutes.changeEmail,
    authRateLimit(app, 'change-email', AUTH_LIMITS.changeEmail, (request) => (request.body as { new_email: string }).new_email),
    async (request) => app.emailChange.requestChange(request.signedInUser(), request.body),
  );
  contractRoute(
    app,
    accountRoutes.deleteAccount,
    authRateLimit(app, 'delete-account', AUTH_LIMITS.deleteAccount),
    async (request, reply) => {
      await app.accounts.deleteOwnAccount(request.signedInUser(), request.body.password);
      return reply.code(204).send();
    },
  );
  // The address book (docs/decisions/0074).
  contractRoute(app, addressRoutes.list, async (request) => app.addressBook.list(request.signedInUser().id));
  contractRoute(app, addressRoutes.create, async (request, reply) =>
    reply.code(201).send({ address: await app.addressBook.create(request.signedInUser().id, request.body) }),
  );
  contractRoute(app, addressRoutes.update, async (request) => ({
    address: await app.addressBook.update(request.signedInUser().id, request.params.id, request.body),
  }));
  contractRoute(app, addressRoutes.remove, async (request, reply) => {
    await app.addressBook.remove(request.signedInUser().id, request.params.id);
    return reply.code(204).send();
  });
  contractRoute(app, accountRoutes.sessions, async (request) =>
    app.ownAccount.sessions(request.signedInUser(), sessionOf(request)),
  );
  contractRoute(app, accountRoutes.endSession, async (request, reply) => {
    await app.ownAccount.endSession(request.signedInUser(), request.params.id);
    return reply.code(204).send();
  });
};

export default accountRoutesPlugin;
