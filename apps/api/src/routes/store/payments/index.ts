/**
 * Paying an order (docs/decisions/0014; contract @bindery/contracts/store/payments):
 * - POST api/create-checkout-session/  {order_id} → {id, url}               bearer; Stripe Checkout
 * - POST api/stripe/webhook/           Stripe's signed events                the raw body is verified
 * - POST api/paypal/create-payment/    {order_id} → {payment_id, approval_url} bearer; PayPal Orders v2
 * - POST api/paypal/capture-payment/   {payment_id} → OrderResponse         bearer; capture on the buyer's return
 * Bodies are strict: nothing about money is accepted from the browser (an `amount` field is a 400).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@bindery/contracts/common';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import {
  CreateCheckoutSessionBody,
  CreateCheckoutSessionResponse,
  PaypalCapturePaymentBody,
  PaypalCreatePaymentBody,
  PaypalCreatePaymentResponse,
} from '@bindery/contracts/store/payments';

const tags = ['payments'];
const errors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
};

const payments: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create-checkout-session',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Start a card payment: a Stripe Checkout Session for the stored order',
        body: CreateCheckoutSessionBody,
        response: { 200: CreateCheckoutSessionResponse, ...errors },
      },
      onRequest: [app.authenticate],
    },
    async (request) => app.payments.startCardCheckout(request.signedInUser(), request.body.order_id),
  );

  app.post(
    '/paypal/create-payment',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Start a PayPal payment: an Orders v2 order (intent CAPTURE) for the stored order',
        body: PaypalCreatePaymentBody,
        response: { 200: PaypalCreatePaymentResponse, ...errors },
      },
      onRequest: [app.authenticate],
    },
    async (request) => app.payments.startPaypalPayment(request.signedInUser(), request.body.order_id),
  );

  app.post(
    '/paypal/capture-payment',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: "Capture an approved PayPal order on the buyer's return; answers the (paid) order",
        body: PaypalCapturePaymentBody,
        response: { 200: OrderResponse, 402: ErrorBody, ...errors },
      },
      onRequest: [app.authenticate],
    },
    async (request) => ({
      order: await app.payments.capturePaypalPayment(request.signedInUser(), request.body.payment_id),
    }),
  );

  // The webhook needs the exact bytes Stripe signed, so JSON is not parsed here: this encapsulated context gets its
  // own application/json parser (buffer); every other route keeps Fastify's JSON parser.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/stripe/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "Stripe's signed events (checkout.session.*); each event id is applied once",
          response: { 200: z.object({ received: z.literal(true) }), 400: ErrorBody, 503: ErrorBody },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await app.payments.handleCardWebhook(body, request.headers['stripe-signature']);
        return { received: true as const };
      },
    );
  });
};

export default payments;
