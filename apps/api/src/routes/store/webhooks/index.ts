/**
 * The customer's outbound webhooks under /api/users/me/webhooks (docs/decisions/0076), with the session or an API key
 * (scope orders:read): endpoints, each one's delivery log, resend and a test event. Another customer's endpoint is
 * 404. Paths, schemas and names: packages/contracts/src/store/webhooks.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookRoutes } from '@bindery/contracts/store/webhooks';
import { contractRoute } from '#lib/contract-route.js';

const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const me = (request: { signedInUser(): { id: number } }) => request.signedInUser().id;

  contractRoute(app, webhookRoutes.list, async (request) => app.webhooks.list(me(request)));
  contractRoute(app, webhookRoutes.create, async (request, reply) =>
    reply.code(201).send(await app.webhooks.create(me(request), request.body)),
  );
  contractRoute(app, webhookRoutes.remove, async (request, reply) => {
    await app.webhooks.remove(me(request), request.params.id);
    return reply.code(204).send(null);
  });
  contractRoute(app, webhookRoutes.deliveries, async (request) =>
    app.webhooks.deliveries(me(request), request.params.id),
  );
  contractRoute(app, webhookRoutes.resend, async (request, reply) =>
    reply
      .code(202)
      .send(await app.webhooks.resend(me(request), request.params.id, request.params.delivery_id)),
  );
  contractRoute(app, webhookRoutes.sendTest, async (request, reply) =>
    reply.code(202).send(await app.webhooks.sendTest(me(request), request.params.id)),
  );
};

export default webhooksRoutes;
