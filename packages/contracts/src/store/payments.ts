/**
 * Paying an order (docs/decisions/0014). Every amount comes from the order the server stored; the browser only
 * names the order.
 *
 * - POST api/create-checkout-session/  { order_id, purpose? } → { id, url } (bearer). A Stripe Checkout Session
 *   built from the order's lines; the order becomes paid on the signed webhook, never on the browser's return.
 *   `purpose: 'difference'`: the unpaid higher price difference of an order on hold (docs/decisions/0077).
 * - POST api/stripe/webhook/           Stripe's signed events (checkout.session.completed,
 *   checkout.session.async_payment_succeeded); each event id handled once.
 * - POST api/paypal/create-payment/    { order_id, purpose? } → { payment_id, approval_url } (bearer). A PayPal
 *   Orders v2 order (intent CAPTURE) for the stored total (or the hold's difference, as above).
 * - POST api/paypal/capture-payment/   { payment_id } → OrderResponse (bearer). Called by /payment/success on the
 *   buyer's return; captures server-side (idempotent: PayPal-Request-Id, ORDER_ALREADY_CAPTURED is success).
 * - GET  api/config (payments)         which methods this server has keys for, and test_mode.
 */
import { z } from 'zod';
import { ErrorBody, Id } from '../common.js';
import { defineRoute } from '../route.js';
import { OrderResponse } from './checkout.js';

/**
 * What a payment is for (docs/decisions/0077): `order` (default) the total of an order awaiting payment;
 * `difference` the unpaid higher price difference of the caller's order on hold (the server's stored figure).
 */
export const PaymentPurpose = z.enum(['order', 'difference']);
export type PaymentPurpose = z.infer<typeof PaymentPurpose>;

export const CreateCheckoutSessionBody = z
  .object({ order_id: Id, purpose: PaymentPurpose.optional() })
  .strict();
export type CreateCheckoutSessionBody = z.infer<typeof CreateCheckoutSessionBody>;
export const CreateCheckoutSessionResponse = z.object({ id: z.string(), url: z.url() });
export type CreateCheckoutSessionResponse = z.infer<typeof CreateCheckoutSessionResponse>;

export const PaypalCreatePaymentBody = z
  .object({ order_id: Id, purpose: PaymentPurpose.optional() })
  .strict();
export type PaypalCreatePaymentBody = z.infer<typeof PaypalCreatePaymentBody>;
export const PaypalCreatePaymentResponse = z.object({ payment_id: z.string(), approval_url: z.url() });
export type PaypalCreatePaymentResponse = z.infer<typeof PaypalCreatePaymentResponse>;

export const PaypalCapturePaymentBody = z.object({ payment_id: z.string().min(1).max(64) }).strict();
export type PaypalCapturePaymentBody = z.infer<typeof PaypalCapturePaymentBody>;

/**
 * Part of GET /api/config: the methods the SPA may offer, and whether they go to Bindery's own test servers
 * (test payment mode, docs/decisions/0028: the SPAs then say that no real money is taken). This API always sends
 * `test_mode`; optional so that an older answer (or a test double) still parses, and absent means false.
 */
export const PaymentMethodsConfig = z.object({
  card: z.boolean(),
  paypal: z.boolean(),
  test_mode: z.boolean().optional(),
});
export type PaymentMethodsConfig = z.infer<typeof PaymentMethodsConfig>;

const paymentErrors = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
};

/** Card (Stripe Checkout) and PayPal payments of a stored order, and Stripe's webhook (apps/api/src/routes/store/payments). */
export const paymentRoutes = {
  createCheckoutSession: defineRoute({
    method: 'POST',
    path: '/api/create-checkout-session/',
    operationId: 'postCreateCheckoutSession',
    summary: 'Start a card payment: a Stripe Checkout Session for the stored order',
    tags: ['payments'],
    access: 'customer',
    apiKeyScope: 'orders:write',
    body: CreateCheckoutSessionBody,
    responses: { 200: CreateCheckoutSessionResponse, ...paymentErrors },
  }),
  paypalCreatePayment: defineRoute({
    method: 'POST',
    path: '/api/paypal/create-payment/',
    operationId: 'postPaypalCreatePayment',
    summary: 'Start a PayPal payment: an Orders v2 order (intent CAPTURE) for the stored order',
    tags: ['payments'],
    access: 'customer',
    apiKeyScope: 'orders:write',
    body: PaypalCreatePaymentBody,
    responses: { 200: PaypalCreatePaymentResponse, ...paymentErrors },
  }),
  paypalCapturePayment: defineRoute({
    method: 'POST',
    path: '/api/paypal/capture-payment/',
    operationId: 'postPaypalCapturePayment',
    summary: "Capture an approved PayPal order on the buyer's return; answers the (paid) order",
    tags: ['payments'],
    access: 'customer',
    apiKeyScope: 'orders:write',
    body: PaypalCapturePaymentBody,
    responses: { 200: OrderResponse, 402: ErrorBody, ...paymentErrors },
  }),
  /** Stripe's signed events: the route reads the raw bytes Stripe signed, so no body schema. */
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/api/stripe/webhook/',
    operationId: 'postStripeWebhook',
    summary: "Stripe's signed events (checkout.session.*); each event id is applied once",
    tags: ['payments'],
    access: 'public',
    // 403: test payment mode, from another address than loopback (docs/decisions/0064).
    responses: {
      200: z.object({ received: z.literal(true) }),
      400: ErrorBody,
      403: ErrorBody,
      503: ErrorBody,
    },
  }),
};
