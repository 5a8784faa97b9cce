/**
 * Builds the invoices module (invoices.service.ts, docs/decisions/0075) and decorates it as `app.invoices`. The
 * orders module issues an order's invoice through it when the order is paid; the refunds module a credit note
 * when a refund is recorded; the routes read the lists and the PDFs.
 */
import fp from 'fastify-plugin';
import { createInvoices, type InvoicesModule } from './invoices.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: InvoicesModule;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'invoices',
      createInvoices({ db: app.db, clock: app.clock, config: { merchant: app.config.merchant } }),
    );
  },
  { name: 'invoices', dependencies: ['config', 'db'] },
);
