/**
 * Decorates `app.sales` (the sales report module, sales.service.ts) built from the app's db and clock.
 * @see docs/decisions/0018-domain-modules.md
 */
import fp from 'fastify-plugin';
import { createSales, type SalesModule } from './sales.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    sales: SalesModule;
  }
}

export default fp(
  async (app) => {
    app.decorate('sales', createSales({ db: app.db, clock: app.clock }));
  },
  { name: 'sales', dependencies: ['db', 'jobs'] },
);
