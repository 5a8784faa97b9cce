/**
 * Builds the API keys module (`app.apiKeys`) and the hook that lets a key stand in for a customer's session
 * (docs/decisions/0076). On every request whose bearer starts `bnd_`:
 * - the key is checked: malformed, unknown, revoked or of the other mode → 401;
 * - the route must accept keys (its contract's `apiKeyScope`) and the key hold that scope → else 403;
 * - the key is rate-limited on the shared counters (docs/decisions/0024): API_KEY_LIMIT per minute → 429;
 * - the request then acts as the key's account (`request.currentUser`, never staff), so app.authenticate lets it
 *   through and the owner checks of each module apply as for the customer's own session.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@bindery/contracts/messages';
import { sendError } from '../errors.js';
import { formatWait } from '../users/auth-rate-limits.js';
import { createApiKeys, type ApiKeys } from './api-keys.service.js';
import { bearerApiKey } from './key-format.js';

/** Requests per key per minute, counted across instances. */
export const API_KEY_LIMIT = { max: 600, windowMs: 60_000 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: ApiKeys;
  }
  interface FastifyRequest {
    /** The API key the request was made with (set by the api-keys hook), undefined for a session or none. */
    apiKey?: { id: number };
  }
}

export default fp(
  async (app) => {
    const apiKeys = createApiKeys({ db: app.db, clock: app.clock, mode: app.config.payments.mode });
    app.decorate('apiKeys', apiKeys);
    app.decorateRequest('apiKey', undefined);

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const text = bearerApiKey(request.headers.authorization);
      // No key, or an unknown url (its 404 is the not-found handler's).
      if (text === undefined || request.routeOptions.url === undefined) return;
      const key = await apiKeys.verify(text);
      if (!key) return sendError(reply, 401, messages.apiKeys.invalid);
      const scope = request.routeOptions.config.apiKeyScope;
      if (!scope) return sendError(reply, 403, messages.apiKeys.notAllowedHere);
      if (!key.scopes.includes(scope)) return sendError(reply, 403, messages.apiKeys.missingScope(scope));
      const limit = await app.rateLimiter.hit(`api-key:${key.id}`, API_KEY_LIMIT);
      if (!limit.allowed) {
        reply.header('retry-after', limit.retryAfterS);
        return sendError(reply, 429, messages.apiKeys.rateLimited(formatWait(limit.retryAfterS)));
      }
      request.apiKey = { id: key.id };
      request.currentUser = key.user;
    });
  },
  { name: 'api-keys', dependencies: ['config', 'db', 'errors', 'auth', 'rate-limit'] },
);
