/**
 * Authentication and authorisation for every route that needs them.
 * - Bearer access tokens (JWT, @fastify/jwt) carry only the user id, a type and a version; they expire
 *   (ACCESS_TOKEN_TTL_MINUTES).
 * - `app.authenticate` verifies the token AND loads the user from the database, so a deleted account's
 *   token stops working at once. Tokens also carry the account's token_version: a password reset or a
 *   deletion bumps it, which ends every outstanding access token too (not only the refresh tokens).
 * - `app.requireAdmin` reads is_admin from the database, never from the token: demoting an admin takes
 *   effect on the next request.
 * Use them as route `onRequest` hooks, or for a whole subtree in an autohooks-style plugin.
 * @see fastify/demo src/plugins/app/authorization.ts
 */
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@bindery/contracts/messages';
import { findUserById, type UserRow } from './users/users.repository.js';
import { sendError } from './errors.js';

export interface AccessTokenPayload {
  sub: string;
  typ: 'access';
  /** users.token_version when the token was issued. */
  ver: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenPayload | { sub: string; typ: string; [k: string]: unknown };
    user: AccessTokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    issueAccessToken: (user: Pick<UserRow, 'id' | 'token_version'>) => string;
  }
  interface FastifyRequest {
    currentUser?: UserRow;
  }
}

export default fp(
  async (app) => {
    await app.register(jwt, { secret: app.config.jwtSecret });

    app.decorate('issueAccessToken', (user: Pick<UserRow, 'id' | 'token_version'>) =>
      app.jwt.sign(
        { sub: String(user.id), typ: 'access', ver: user.token_version },
        { expiresIn: `${app.config.accessTokenTtlMinutes}m` },
      ),
    );

    app.decorateRequest('currentUser', undefined);

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      let payload: AccessTokenPayload;
      try {
        payload = await request.jwtVerify<AccessTokenPayload>();
      } catch {
        return sendError(reply, 401, messages.generic.unauthorized);
      }
      const id = Number(payload.sub);
      const user = payload.typ === 'access' && Number.isInteger(id) ? await findUserById(app.db, id) : undefined;
      if (!user || user.deleted_at !== null || user.token_version !== payload.ver) {
        return sendError(reply, 401, messages.generic.unauthorized);
      }
      request.currentUser = user;
    });

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (reply.sent) return;
      if (!request.currentUser?.is_admin) return sendError(reply, 403, messages.generic.forbidden);
    });
  },
  { name: 'auth', dependencies: ['config', 'db', 'errors'] },
);
