/**
 * Decorates `paymentGateways` with the providers this server has keys for (env.ts: STRIPE_*, PAYPAL_*); a
 * method without keys is absent, and its routes answer 503 with the spec's text. Registered by the payments
 * route module (routes/store/payments), the only place that uses it.
 */
import fp from 'fastify-plugin';
import type { PaymentGateways } from './payment-gateways.js';
import { createPaypalGateway } from './paypal-gateway.js';
import { createStripeGateway } from './stripe-gateway.js';

declare module 'fastify' {
  interface FastifyInstance {
    paymentGateways: PaymentGateways;
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
  },
  { name: 'payments', dependencies: ['config', 'db', 'mail'] },
);
