/**
 * Builds the orders module (orders.service.ts) from the app and decorates it as `app.orders`. Routes, the
 * checkout and payment code, and jobs call it; nothing else writes an order's status (docs/decisions/0020).
 */
import fp from 'fastify-plugin';
import {
  createOrders,
  type OrderAttemptsCloser,
  type OrderRefunder,
  type OrdersModule,
} from './orders.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersModule;
  }
}

export interface OrdersPluginOptions {
  /** Gives money back before a cancel after payment (the refunds work, docs/decisions/0022). */
  refunder?: OrderRefunder;
  /** Closes the open payment attempts of an unpaid order that was canceled (the payments module, ADR 0051). */
  attempts?: OrderAttemptsCloser;
}

export default fp<OrdersPluginOptions>(
  async (app, options) => {
    app.decorate(
      'orders',
      createOrders({
        db: app.db,
        clock: app.clock,
        counts: app.counts,
        outbox: app.mailOutbox,
        config: { webUrl: app.config.webUrl, unpaidOrderTtlHours: app.config.orders.unpaidOrderTtlHours },
        refunder: options.refunder,
        attempts: options.attempts,
        copyProjects: (userId, items) => app.projects.copyForReorder(userId, items),
      }),
    );
  },
  { name: 'orders', dependencies: ['config', 'db', 'jobs', 'counts', 'mail-outbox', 'catalog', 'projects'] },
);
