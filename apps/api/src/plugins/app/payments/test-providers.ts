/**
 * Test payment mode (docs/decisions/0028): Bindery's own Stripe and PayPal test servers (@bindery/payment-fakes),
 * started beside the API so that a newcomer's first run can take an order through payment without any key. The
 * API talks to them exactly as to the real providers (official SDKs over HTTP, signed webhooks delivered to its
 * own /api/stripe/webhook/, PayPal captured server-side); only the base URLs and keys differ. Their pay pages
 * and the SPAs (GET /api/config → payments.test_mode) say "Test mode — no real money is taken".
 * Loaded only in test mode: a live deployment never imports the fakes.
 *
 * The test servers' keys and webhook secret are generated once per data directory and kept in
 * DATA_DIR/test-payments.json (0600), so a restart keeps them and nobody can sign an event with a public constant
 * (docs/decisions/0064).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { testPaymentsConfig, type PaymentsConfig } from '#env.js';
import { ensurePrivateDir, writePrivateFile } from '#lib/private-fs.js';

export interface TestProviders {
  payments: PaymentsConfig;
  stripeUrl: string;
  paypalUrl: string;
  stop(): Promise<void>;
}

const TestSecrets = z.object({
  stripeSecretKey: z.string().min(32),
  stripeWebhookSecret: z.string().min(32),
  paypalClientId: z.string().min(16),
  paypalClientSecret: z.string().min(32),
});
export type TestSecrets = z.infer<typeof TestSecrets>;

export const testSecretsFile = (dataDir: string) => join(dataDir, 'test-payments.json');

/**
 * The test servers' credentials of this data directory: read from DATA_DIR/test-payments.json, or generated (and
 * written 0600) at the first start, or when the file is unreadable (nothing but the test servers depends on them).
 */
export async function testSecrets(dataDir: string): Promise<TestSecrets> {
  const file = testSecretsFile(dataDir);
  try {
    const kept = TestSecrets.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (kept.success) {
      await writePrivateFile(file, JSON.stringify(kept.data));
      return kept.data;
    }
  } catch (error) {
    if (!(error instanceof SyntaxError) && (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const random = (bytes: number) => randomBytes(bytes).toString('hex');
  const secrets: TestSecrets = {
    stripeSecretKey: `sk_test_${random(24)}`,
    stripeWebhookSecret: `whsec_${random(24)}`,
    paypalClientId: `bindery-test-${random(12)}`,
    paypalClientSecret: random(24),
  };
  await ensurePrivateDir(dataDir);
  await writePrivateFile(file, JSON.stringify(secrets));
  return secrets;
}

/** A wildcard listen address is reached on loopback; a specific one as it is. */
const reachable = (host: string) => (['0.0.0.0', '::', '', 'localhost'].includes(host) ? '127.0.0.1' : host);

/**
 * Starts both test servers on free loopback ports with this data directory's credentials, the fake Stripe
 * delivering its webhooks to the API at `api.host:api.port` (which listens right after), and returns the providers'
 * settings for the API.
 */
export async function startTestProviders(api: {
  host: string;
  port: number;
  dataDir: string;
}): Promise<TestProviders> {
  const secrets = await testSecrets(api.dataDir);
  const [{ startFakeStripe }, { startFakePaypal }, { apiEnv }] = await Promise.all([
    import('@bindery/payment-fakes/stripe'),
    import('@bindery/payment-fakes/paypal'),
    import('@bindery/payment-fakes/api-env'),
  ]);
  const host = reachable(api.host);
  const webhookHost = host.includes(':') ? `[${host}]` : host;
  const stripe = await startFakeStripe({
    webhookUrl: `http://${webhookHost}:${api.port}/api/stripe/webhook/`,
    secretKey: secrets.stripeSecretKey,
    webhookSecret: secrets.stripeWebhookSecret,
  });
  const paypal = await startFakePaypal({
    clientId: secrets.paypalClientId,
    clientSecret: secrets.paypalClientSecret,
  });
  return {
    payments: testPaymentsConfig(apiEnv(stripe, paypal)),
    stripeUrl: stripe.url,
    paypalUrl: paypal.url,
    stop: async () => {
      await Promise.all([stripe.stop(), paypal.stop()]);
    },
  };
}
