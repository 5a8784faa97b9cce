/**
 * Builds the orders module (orders.service.ts) from the app and decorates it as `app.orders`. Routes, the
 * checkout and payment code, and jobs call it; nothing else writes an order's status (docs/decisions/0020).
 * Its job (docs/decisions/0021): `orders.expire-unpaid` (every 5 minutes: unpaid orders past their expiry have
 * their payment attempts closed and are canceled; unpaid-expiry.ts).
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

export const EXPIRY_INTERVAL_MS = 5 * 60 * 1000;
export const HOLD_REMINDER_INTERVAL_MS = 15 * 60 * 1000;

export default fp<OrdersPluginOptions>(
  async (app, options) => {
    const orders = createOrders({
      db: app.db,
      clock: app.clock,
      counts: app.counts,
      outbox: app.mailOutbox,
      config: {
        webUrl: app.config.webUrl,
        unpaidOrderTtlHours: app.config.orders.unpaidOrderTtlHours,
        merchant: app.config.merchant,
        productionDelayMs: app.config.orders.productionDelayMs,
        holdReminderMs: app.config.orders.holdReminderMs,
        staffEmail: app.config.orders.staffEmail,
        adminUrl: app.config.adminUrl,
      },
      refunder: options.refunder,
      attempts: options.attempts,
      // Order events to the customer's webhooks (docs/decisions/0076).
      webhooks: app.webhooks,
      copyProjects: (userId, items) => app.projects.copyForReorder(userId, items),
      files: {
        priceList: () => app.catalog.priceList(),
        replaceFilesWithin: (trx, list, args) => app.projects.replaceFilesWithin(trx, list, args),
        removeReplaced: (keys) => app.projects.removeReplaced(keys),
      },
      invoicer: app.invoices,
      // The book a proof proves, stamped when the proof is approved (ADR 0078).
      proofBooks: { approvedWithin: (trx, bookId, at) => app.projects.proofApprovedWithin(trx, bookId, at) },
    });
    app.decorate('orders', orders);
    app.jobs.add({
      name: 'orders.expire-unpaid',
      everyMs: EXPIRY_INTERVAL_MS,
      run: ({ now }) => orders.expireDue(now),
    });
    // Orders held too long remind the customer, then staff (docs/decisions/0072; order-hold-reminders.ts).
    app.jobs.add({
      name: 'orders.hold-reminders',
      everyMs: HOLD_REMINDER_INTERVAL_MS,
      run: ({ now }) => orders.remindHeld(now),
    });
  },
  {
    name: 'orders',
    dependencies: ['config', 'db', 'jobs', 'counts', 'mail-outbox', 'catalog', 'projects', 'webhooks', 'invoices'],
  },
);
