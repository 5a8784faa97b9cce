/**
 * Authentication and authorisation for every route that needs them.
 * - Bearer access tokens (JWT, @fastify/jwt) carry only the user id, a type, a version and the session id; they
 *   expire (ACCESS_TOKEN_TTL_MINUTES).
 * - `app.authenticate` verifies the token AND loads the user together with the token's session from the
 *   database in one query (docs/decisions/0025), so a logout (the session revoked) or a deleted account stops
 *   the token. Tokens also carry the account's token_version: a password reset or a deletion bumps it, which ends
 *   every outstanding access token too (and revokes every session). What was read is reused by this instance for
 *   AUTH_CACHE_SECONDS (5) at most (`app.sessionCache`): a revocation made here takes effect at once, one made on
 *   another instance within those seconds.
 * - `app.requireAdmin` reads is_admin from the database (through that short cache), never from the token:
 *   demoting an admin takes effect within AUTH_CACHE_SECONDS.
 * - A session belongs to one app (docs/decisions/0052): only a session opened by the admin app's login acts as
 *   staff. On a shop session `request.currentUser.is_admin` is false whatever the account's role, so no route and no
 *   module (requireAdmin, the owner-or-admin checks) gives staff powers to a token the web shop's cookie minted.
 * Use them as route `onRequest` hooks, or for a whole subtree in an autohooks-style plugin.
 * @see fastify/demo src/plugins/app/authorization.ts
 */
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@bindery/contracts/messages';
import { createSessionCache, type SessionCache } from './users/session-cache.js';
import { findSessionUser, type SessionUserRow } from './users/sessions.repository.js';
import type { UserRow } from './users/users.repository.js';
import type { SessionApp } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import { sendError } from './errors.js';

export interface AccessTokenPayload {
  sub: string;
  typ: 'access';
  /** users.token_version when the token was issued. */
  ver: number;
  /** The session (sessions.id, a UUID) the token belongs to: revoking it ends the token. */
  sid: string;
}

/**
 * The user as this session may act: staff powers belong to the admin app's sessions only (docs/decisions/0052), so
 * on a shop session `is_admin` is false whatever the account's role. Done before caching: a cache hit costs nothing.
 */
function actingAs(row: SessionUserRow | undefined): SessionUserRow | undefined {
  return row && row.is_admin && row.session_app !== 'admin' ? { ...row, is_admin: false } : row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    issueAccessToken: (user: Pick<UserRow, 'id' | 'token_version'>, sessionId: string) => string;
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** The signed-in user, set by authenticate (and requireAdmin); undefined on a public route. */
    currentUser?: UserRow;
    /**
     * The signed-in user of a route behind authenticate or requireAdmin, typed as present. Asked on a route without
     * those hooks it refuses (DomainError unauthorized: 401), never a crash on undefined.
     */
    signedInUser(): UserRow;
    /** The session of the request's access token (set by authenticate). */
    sessionId?: string;
    /** The app that session belongs to (set by authenticate; docs/decisions/0052). */
    sessionApp?: SessionApp;
  }
}

export default fp(
  async (app) => {
    await app.register(jwt, { secret: app.config.jwtSecret });

    app.decorate('issueAccessToken', (user: Pick<UserRow, 'id' | 'token_version'>, sessionId: string) =>
      app.jwt.sign(
        { sub: String(user.id), typ: 'access', ver: user.token_version, sid: sessionId },
        { expiresIn: `${app.config.accessTokenTtlMinutes}m` },
      ),
    );

    app.decorate('sessionCache', createSessionCache({ clock: app.clock, ttlMs: app.config.authCacheMs }));
    app.decorateRequest('currentUser', undefined);
    app.decorateRequest('sessionId', undefined);
    app.decorateRequest('sessionApp', undefined);
    app.decorateRequest('signedInUser', function signedInUser(this: FastifyRequest): UserRow {
      if (!this.currentUser) throw new DomainError('unauthorized', messages.generic.unauthorized);
      return this.currentUser;
    });

    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      // An API key the api-keys hook accepted for this route already acts as its account (docs/decisions/0076).
      if (request.apiKey) return;
      let payload: AccessTokenPayload;
      try {
        payload = await request.jwtVerify<AccessTokenPayload>();
      } catch {
        return sendError(reply, 401, messages.generic.unauthorized);
      }
      const id = Number(payload.sub);
      // A token without a session id (issued before sessions were checked) is refused: the client refreshes.
      // What a signed token claims is checked, not trusted: a refresh token is signed too.
      const claimedType: string = payload.typ;
      const wellFormed =
        claimedType === 'access' &&
        Number.isInteger(id) &&
        typeof payload.sid === 'string' &&
        UUID.test(payload.sid);
      if (!wellFormed) return sendError(reply, 401, messages.generic.unauthorized);
      let row = app.sessionCache.get(id, payload.sid);
      if (!row) {
        row = actingAs(await findSessionUser(app.db, id, payload.sid));
        if (row && row.session_revoked_at === null && row.deleted_at === null)
          app.sessionCache.set(id, payload.sid, row);
      }
      if (
        !row ||
        row.session_revoked_at !== null ||
        row.deleted_at !== null ||
        row.token_version !== payload.ver
      ) {
        return sendError(reply, 401, messages.generic.unauthorized);
      }
      request.currentUser = row;
      request.sessionId = payload.sid;
      request.sessionApp = row.session_app;
    });

    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      await app.authenticate(request, reply);
      if (reply.sent) return;
      if (!request.currentUser?.is_admin) return sendError(reply, 403, messages.generic.forbidden);
    });
  },
  { name: 'auth', dependencies: ['config', 'db', 'errors', 'jobs'] },
);
