/**
 * Card payments through Stripe Checkout, with the official SDK. The only file that imports `stripe`.
 * STRIPE_API_BASE points the SDK at another origin (tooling/payment-fakes in tests and the e2e); retries are off
 * because every create carries our own idempotency key and the caller decides what a failure means.
 * @see https://docs.stripe.com/api/checkout/sessions/create
 * @see https://docs.stripe.com/api/refunds/create
 * @see https://docs.stripe.com/webhooks#verify-events
 */
import Stripe from 'stripe';
import type { PaymentsConfig } from '#env.js';
import { z } from 'zod';
import { hasControlCharacters } from '#lib/control-characters.js';
import {
  InvalidEventError,
  InvalidSignatureError,
  ProviderError,
  type CardCheckout,
  type CardEvent,
  type CardGateway,
  type PaymentLine,
  type PaymentRequest,
} from './payment-gateways.js';

const closed = (status: string | null): status is 'complete' | 'expired' =>
  status === 'complete' || status === 'expired';

/** An identifier as Stripe writes them: short, printable. */
const StripeId = z
  .string()
  .min(1)
  .max(255)
  .refine((s) => !hasControlCharacters(s), 'has control characters');

/**
 * The part of a signed event we read, checked before use: the signature proves who sent the bytes, not that they
 * are the event shape this code expects (six malformed but signed bodies were a 500).
 */
const SignedEvent = z.looseObject({
  id: StripeId,
  type: StripeId,
  data: z.looseObject({ object: z.looseObject({}) }),
});
const SignedSession = z.looseObject({
  id: StripeId,
  payment_status: z.string().max(64),
  amount_total: z.number().int().nonnegative().nullable(),
  currency: z.string().max(8).nullable(),
  payment_intent: z.union([StripeId, z.looseObject({ id: StripeId }), z.null()]).optional(),
});

const intentId = (s: Stripe.Checkout.Session): string | null =>
  typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);

const toCheckout = (s: Stripe.Checkout.Session): CardCheckout => ({
  id: s.id,
  url: s.url,
  status: closed(s.status) ? s.status : 'open',
  paymentStatus: s.payment_status,
  amountCents: s.amount_total,
  currency: (s.currency ?? '').toUpperCase(),
  paymentIntentId: intentId(s),
});

/** Stripe's own words for a refusal or failure (the SDK's StripeError carries them). */
function stripeDetails(error: unknown) {
  if (!(error instanceof Stripe.errors.StripeError)) return {};
  return {
    providerMessage: error.message,
    ...(error.code ? { providerCode: error.code } : {}),
    ...(error.statusCode ? { statusCode: error.statusCode } : {}),
  };
}

/** Shipping and tax are lines of their own, only when there is something to charge (docs/spec/customer-journey.md §9). */
export function checkoutLines(request: PaymentRequest): PaymentLine[] {
  const lines = [
    ...request.items,
    ...(request.shippingCents > 0
      ? [{ name: request.shippingName, amountCents: request.shippingCents }]
      : []),
    ...(request.taxCents > 0 ? [{ name: 'Sales tax', amountCents: request.taxCents }] : []),
  ];
  // Stripe charges the sum of the lines less the discount's coupon: it must be the order's total, to the cent.
  const sum = lines.reduce((total, line) => total + line.amountCents, 0) - request.discountCents;
  if (sum !== request.totalCents)
    throw new Error(`Checkout lines add up to ${sum}, the order's total is ${request.totalCents}`);
  return lines;
}

export function createStripeGateway(config: NonNullable<PaymentsConfig['stripe']>): CardGateway {
  const stripe = new Stripe(config.secretKey, {
    ...(config.host ? { host: config.host, port: config.port, protocol: config.protocol } : {}),
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: 20_000,
  });

  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      throw new ProviderError(`Stripe: ${what} failed`, error, stripeDetails(error));
    }
  };

  return {
    async createCheckout(request) {
      const lines = checkoutLines(request);
      const currency = request.currency.toLowerCase();
      // Checkout has no negative line: the first-print discount is a coupon made for this attempt alone (one
      // redemption, its own idempotency key), shown by Stripe as a discount line under the items.
      const coupon =
        request.discountCents > 0
          ? await call('create coupon', () =>
              stripe.coupons.create(
                {
                  amount_off: request.discountCents,
                  currency,
                  duration: 'once',
                  max_redemptions: 1,
                  name: request.discountName,
                  metadata: { order_id: String(request.orderId) },
                },
                { idempotencyKey: `${request.idempotencyKey}-coupon` },
              ),
            )
          : undefined;
      const session = await call('create checkout session', () =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: lines.map((line) => ({
              quantity: 1,
              price_data: { currency, unit_amount: line.amountCents, product_data: { name: line.name } },
            })),
            ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
            client_reference_id: String(request.orderId),
            metadata: { order_id: String(request.orderId) },
            payment_intent_data: { metadata: { order_id: String(request.orderId) } },
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
            ...(request.expiresAt ? { expires_at: Math.floor(request.expiresAt.getTime() / 1000) } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return toCheckout(session);
    },

    async retrieveCheckout(id) {
      return toCheckout(await call('retrieve checkout session', () => stripe.checkout.sessions.retrieve(id)));
    },

    async expireCheckout(id) {
      await call('expire checkout session', () => stripe.checkout.sessions.expire(id));
    },

    async refund(paymentIntentId, request) {
      const refund = await call('refund', () =>
        stripe.refunds.create(
          {
            payment_intent: paymentIntentId,
            amount: request.amountCents,
            metadata: { order_id: String(request.orderId) },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (refund.currency.toUpperCase() !== request.currency.toUpperCase()) {
        throw new ProviderError(
          `Stripe: refund ${refund.id} is in ${refund.currency}, not ${request.currency}`,
        );
      }
      return { id: refund.id, amountCents: refund.amount, status: refund.status ?? 'succeeded' };
    },

    verifyEvent(rawBody, signature) {
      if (typeof signature !== 'string' || signature === '')
        throw new InvalidSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new InvalidSignatureError(error instanceof Error ? error.message : undefined);
      }
      const shape = SignedEvent.safeParse(event);
      if (!shape.success) throw new InvalidEventError(`Stripe event: ${z.prettifyError(shape.error)}`);
      const result: CardEvent = { id: event.id, type: event.type };
      if (event.type.startsWith('checkout.session.')) {
        const session = SignedSession.safeParse(event.data.object);
        if (!session.success)
          throw new InvalidEventError(`Stripe session: ${z.prettifyError(session.error)}`);
        const s = event.data.object as Stripe.Checkout.Session;
        result.session = {
          id: s.id,
          paymentStatus: s.payment_status,
          amountCents: s.amount_total,
          currency: (s.currency ?? '').toUpperCase(),
          paymentIntentId: intentId(s),
        };
      }
      return result;
    },
  };
}
