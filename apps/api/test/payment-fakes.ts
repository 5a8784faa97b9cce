/**
 * The fake Stripe and PayPal a test file pays through (@bindery/payment-fakes), and a mail catcher when the file
 * reads the mails: started once per file (top-level await, before setupTestApp reads `env`) and stopped after it.
 * `env` points the API at them, as the start script does for the default run's test payment mode.
 */
import { afterAll } from 'vitest';
import { startMailCatcher, type MailCatcher } from '@bindery/mail-test';
import { apiEnv } from '@bindery/payment-fakes/api-env';
import { startFakePaypal, type FakePaypal } from '@bindery/payment-fakes/paypal';
import { startFakeStripe, type FakeStripe } from '@bindery/payment-fakes/stripe';

export interface PaymentFakes {
  stripe: FakeStripe;
  paypal: FakePaypal;
  /** The API's settings for the fakes (and SMTP_URL for the mail catcher, when started). */
  env: Record<string, string>;
}

export async function startPaymentFakes(): Promise<PaymentFakes>;
export async function startPaymentFakes(options: {
  mail: true;
}): Promise<PaymentFakes & { mail: MailCatcher }>;
export async function startPaymentFakes(options: { mail?: boolean } = {}) {
  const stripe = await startFakeStripe();
  const paypal = await startFakePaypal();
  const mail = options.mail ? await startMailCatcher() : undefined;
  afterAll(async () => {
    await stripe.stop();
    await paypal.stop();
    await mail?.stop();
  });
  const env = { ...apiEnv(stripe, paypal), ...(mail ? { SMTP_URL: mail.url } : {}) };
  return mail ? { stripe, paypal, mail, env } : { stripe, paypal, env };
}
