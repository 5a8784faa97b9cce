#!/usr/bin/env node
/**
 * Starts the fake Stripe and the fake PayPal and prints ONE JSON line with their URLs and the environment the API
 * needs to use them, then keeps running until SIGINT/SIGTERM:
 *
 *   {"stripe":{"url":…,"secret_key":…,"webhook_secret":…},"paypal":{"url":…,"client_id":…,"client_secret":…},
 *    "env":{"STRIPE_SECRET_KEY":…,"STRIPE_WEBHOOK_SECRET":…,"STRIPE_API_BASE":…,"PAYPAL_CLIENT_ID":…,…}}
 *
 * Options: --webhook-url <API's /api/stripe/webhook/ URL> (the hosted page's Pay button delivers the signed
 * checkout.session.completed there), --host, --stripe-port, --paypal-port (default: free ports).
 * Run: `pnpm serve` in tooling/payment-fakes (not `start`: the root `turbo run start` would run it beside the
 * API), or `node tooling/payment-fakes/dist/bin.js` after a build.
 */
import { parseArgs } from 'node:util';
import { apiEnv } from './api-env.js';
import { startFakePaypal } from './paypal.js';
import { startFakeStripe } from './stripe.js';

const { values } = parseArgs({
  // `pnpm start -- --webhook-url …` passes the `--` on.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    'webhook-url': { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    'stripe-port': { type: 'string', default: '0' },
    'paypal-port': { type: 'string', default: '0' },
  },
});

const stripe = await startFakeStripe({
  host: values.host,
  port: Number(values['stripe-port']),
  webhookUrl: values['webhook-url'],
});
const paypal = await startFakePaypal({ host: values.host, port: Number(values['paypal-port']) });

console.info(
  JSON.stringify({
    stripe: { url: stripe.url, secret_key: stripe.secretKey, webhook_secret: stripe.webhookSecret },
    paypal: { url: paypal.url, client_id: paypal.clientId, client_secret: paypal.clientSecret },
    env: apiEnv(stripe, paypal),
  }),
);

const stop = async () => {
  await Promise.all([stripe.stop(), paypal.stop()]);
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
