/**
 * Decorates the app with `production` (the queue, job tickets, packing slips, predictable file names) and
 * `orderNotes` (staff notes on an order): docs/decisions/0071.
 */
import fp from 'fastify-plugin';
import { createOrderNotes, type OrderNotes } from '../orders/order-notes.js';
import { createProduction, type Production } from './production.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    production: Production;
    orderNotes: OrderNotes;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'production',
      createProduction({
        db: app.db,
        clock: app.clock,
        files: app.fileStore,
        // The queue shows what may be started: past the cancel window (PRODUCTION_DELAY_MINUTES, ADR 0072).
        delayMs: app.config.orders.productionDelayMs,
      }),
    );
    app.decorate('orderNotes', createOrderNotes(app.db));
  },
  { name: 'production', dependencies: ['db', 'projects'] },
);
