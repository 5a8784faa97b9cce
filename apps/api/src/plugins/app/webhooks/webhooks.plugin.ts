/**
 * Decorates `app.webhooks` (webhooks.service.ts) and adds its periodic job `webhooks.deliver` (docs/decisions/0021,
 * 0076): every DELIVER_INTERVAL_MS the due deliveries are sent (retries, and those of a process that stopped
 * before sending them). Registered before the orders module, which writes deliveries with each status change.
 */
import fp from 'fastify-plugin';
import { createWebhooks, type Webhooks } from './webhooks.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

export const DELIVER_INTERVAL_MS = 30 * 1000;

export default fp(
  async (app) => {
    const webhooks = createWebhooks({
      db: app.db,
      clock: app.clock,
      outbox: app.mailOutbox,
      log: app.log,
      config: { allowPrivateTargets: app.config.webhooks.allowPrivateTargets, webUrl: app.config.webUrl },
    });
    app.decorate('webhooks', webhooks);
    app.jobs.add({
      name: 'webhooks.deliver',
      everyMs: DELIVER_INTERVAL_MS,
      run: async () => {
        const delivered = await webhooks.deliverDue();
        return delivered > 0 ? { delivered } : undefined;
      },
    });
    // Deliveries in flight finish before the pool goes (onClose hooks run in reverse order of registration).
    app.addHook('onClose', async () => webhooks.drain());
  },
  { name: 'webhooks', dependencies: ['config', 'db', 'jobs', 'mail-outbox'] },
);
