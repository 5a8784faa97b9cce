/**
 * Paying an order (docs/decisions/0014; contract @bindery/contracts/store/payments):
 * - POST api/create-checkout-session/  {order_id} → {id, url}               bearer; Stripe Checkout
 * - POST api/stripe/webhook/           Stripe's signed events                the raw body is verified
 * - POST api/paypal/create-payment/    {order_id} → {payment_id, approval_url} bearer; PayPal Orders v2
 * - POST api/paypal/capture-payment/   {payment_id} → OrderResponse         bearer; capture on the buyer's return
 * Bodies are strict: nothing about money is accepted from the browser (an `amount` field is a 400).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentRoutes } from '@bindery/contracts/store/payments';
import { messages } from '@bindery/contracts/messages';
import { contractRoute } from '#lib/contract-route.js';
import { sendError } from '#plugins/app/errors.js';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
const isLoopback = (address: string | undefined) =>
  address === '::1' || (address !== undefined && /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address));

const payments: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { onRequest: [app.authenticate] };

  contractRoute(app, paymentRoutes.createCheckoutSession, signedIn, async (request) =>
    app.payments.startCardCheckout(request.signedInUser(), request.body.order_id, request.body.purpose),
  );

  contractRoute(app, paymentRoutes.paypalCreatePayment, signedIn, async (request) =>
    app.payments.startPaypalPayment(request.signedInUser(), request.body.order_id, request.body.purpose),
  );

  contractRoute(app, paymentRoutes.paypalCapturePayment, signedIn, async (request) => ({
    order: await app.payments.capturePaypalPayment(request.signedInUser(), request.body.payment_id),
  }));

  // The webhook needs the exact bytes Stripe signed, so JSON is not parsed here: this encapsulated context gets its
  // own application/json parser (buffer); every other route keeps Fastify's JSON parser.
  await app.register(async (webhook) => {
    // Test payment mode: the test Stripe runs beside the API, so its webhook comes from loopback; anyone else is
    // refused unless PAYMENTS_TEST_WEBHOOK_ANY_ADDRESS says otherwise (docs/decisions/0064).
    if (app.config.payments.mode === 'test' && !app.config.testPayments.webhookAnyAddress) {
      webhook.addHook('onRequest', async (request, reply) => {
        if (!isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip)) {
          return sendError(reply, 403, messages.payments.testWebhookLoopbackOnly);
        }
      });
    }
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    contractRoute(webhook, paymentRoutes.stripeWebhook, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await app.payments.handleCardWebhook(body, request.headers['stripe-signature']);
      return { received: true as const };
    });
  });
};

export default payments;
