/**
 * The money side of the app (docs/decisions/0014, 0022):
 * - `app.paymentGateways`: the providers this server has keys for (env.ts: STRIPE_*, PAYPAL_*); a method without
 *   keys is absent, and its routes answer 503 with the spec's text;
 * - `app.refunds` (refunds.service.ts) and `app.payments` (payments.service.ts), built from the app's db, clock,
 *   gateways, orders module and mail outbox;
 * - the periodic job (docs/decisions/0021) `payments.reconcile` (every RECONCILE_EVERY_MINUTES: open attempts
 *   older than RECONCILE_AFTER_MINUTES are asked about; lost refund answers and failed automatic refunds are
 *   retried). The expiry of unpaid orders is the orders module's job (orders.plugin.ts); it closes their attempts
 *   through `payments.closeOrderAttempts`.
 */
import fp from 'fastify-plugin';
import type { PaymentGateways } from './payment-gateways.js';
import { createPayments, type PaymentsModule } from './payments.service.js';
import { createPaypalGateway } from './paypal-gateway.js';
import { createRefunds, type RefundsModule } from './refunds.service.js';
import { createStripeGateway } from './stripe-gateway.js';

declare module 'fastify' {
  interface FastifyInstance {
    paymentGateways: PaymentGateways;
    refunds: RefundsModule;
    payments: PaymentsModule;
  }
}

export default fp(
  async (app) => {
    const { stripe, paypal } = app.config.payments;
    const gateways: PaymentGateways = {
      ...(stripe ? { card: createStripeGateway(stripe) } : {}),
      ...(paypal ? { paypal: createPaypalGateway(paypal) } : {}),
    };
    app.decorate('paymentGateways', gateways);
    app.log.info({ card: Boolean(gateways.card), paypal: Boolean(gateways.paypal) }, 'payment methods');

    const log = app.log.child({ component: 'payments' });
    const refunds = createRefunds({
      db: app.db,
      clock: app.clock,
      gateways,
      orders: () => app.orders,
      outbox: app.mailOutbox,
      creditNotes: app.invoices,
      log,
      config: { webUrl: app.config.webUrl, merchant: app.config.merchant },
      webhooks: app.webhooks,
    });
    app.decorate('refunds', refunds);
    const payments = createPayments({
      db: app.db,
      clock: app.clock,
      gateways,
      orders: app.orders,
      refunds,
      log,
      config: {
        webUrl: app.config.webUrl,
        reconcileAfterMs: app.config.money.reconcileAfterMs,
        ...(app.config.payments.mode === 'test'
          ? { testUnreachableLimit: app.config.testPayments.unreachableLimit }
          : {}),
      },
    });
    app.decorate('payments', payments);

    app.jobs.add({
      name: 'payments.reconcile',
      everyMs: app.config.money.reconcileEveryMs,
      run: ({ now }) => payments.reconcileDue(now),
    });
  },
  { name: 'payments', dependencies: ['config', 'db', 'jobs', 'mail-outbox', 'orders', 'webhooks', 'invoices'] },
);
