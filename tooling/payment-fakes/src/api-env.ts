/**
 * The API's environment variables (apps/api/src/env.ts names) that point it at running fakes, so tests and the
 * start script say it in one place.
 */
import type { FakePaypal } from './paypal.js';
import type { FakeStripe } from './stripe.js';

export function apiEnv(
  stripe: Pick<FakeStripe, 'url' | 'secretKey' | 'webhookSecret'>,
  paypal: Pick<FakePaypal, 'url' | 'clientId' | 'clientSecret'>,
): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_BASE: paypal.url,
  };
}
