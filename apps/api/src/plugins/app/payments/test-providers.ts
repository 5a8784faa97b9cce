/**
 * Test payment mode (docs/decisions/0028): Bindery's own Stripe and PayPal test servers (@bindery/payment-fakes),
 * started beside the API so that a newcomer's first run can take an order through payment without any key. The
 * API talks to them exactly as to the real providers (official SDKs over HTTP, signed webhooks delivered to its
 * own /api/stripe/webhook/, PayPal captured server-side); only the base URLs and keys differ. Their pay pages
 * and the SPAs (GET /api/config → payments.test_mode) say "Test mode — no real money is taken".
 * Loaded only in test mode: a live deployment never imports the fakes.
 */
import { testPaymentsConfig, type PaymentsConfig } from '#env.js';

export interface TestProviders {
  payments: PaymentsConfig;
  stripeUrl: string;
  paypalUrl: string;
  stop(): Promise<void>;
}

/** A wildcard listen address is reached on loopback; a specific one as it is. */
const reachable = (host: string) => (['0.0.0.0', '::', '', 'localhost'].includes(host) ? '127.0.0.1' : host);

/**
 * Starts both test servers on free loopback ports, the fake Stripe delivering its webhooks to the API at
 * `api.host:api.port` (which listens right after), and returns the providers' settings for the API.
 */
export async function startTestProviders(api: { host: string; port: number }): Promise<TestProviders> {
  const [{ startFakeStripe }, { startFakePaypal }, { apiEnv }] = await Promise.all([
    import('@bindery/payment-fakes/stripe'),
    import('@bindery/payment-fakes/paypal'),
    import('@bindery/payment-fakes/api-env'),
  ]);
  const host = reachable(api.host);
  const webhookHost = host.includes(':') ? `[${host}]` : host;
  const stripe = await startFakeStripe({ webhookUrl: `http://${webhookHost}:${api.port}/api/stripe/webhook/` });
  const paypal = await startFakePaypal();
  return {
    payments: testPaymentsConfig(apiEnv(stripe, paypal)),
    stripeUrl: stripe.url,
    paypalUrl: paypal.url,
    stop: async () => {
      await Promise.all([stripe.stop(), paypal.stop()]);
    },
  };
}
