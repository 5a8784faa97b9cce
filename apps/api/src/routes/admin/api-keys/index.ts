/**
 * A customer's API keys, for staff (docs/decisions/0076): list, create (the secret answered once) and revoke under
 * api/admin/users/{id}/api-keys/. Paths, schemas and names: packages/contracts/src/admin/api-keys.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminApiKeyRoutes } from '@bindery/contracts/admin/api-keys';
import { contractRoute } from '#lib/contract-route.js';

const adminApiKeys: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, adminApiKeyRoutes.list, async (request) => app.apiKeys.list(request.params.id));
  contractRoute(app, adminApiKeyRoutes.create, async (request, reply) => {
    const created = await app.apiKeys.create(request.params.id, request.body, request.signedInUser().id);
    return reply.code(201).send(created);
  });
  contractRoute(app, adminApiKeyRoutes.revoke, async (request) =>
    app.apiKeys.revoke(request.params.id, request.params.key_id),
  );
};

export default adminApiKeys;
