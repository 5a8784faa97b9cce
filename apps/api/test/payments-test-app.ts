/**
 * The app the money tests (refunds, money safety, one payable order) pay through: the payment fakes (and the mail
 * catcher when asked) and the real app on them, the web app at http://web.test:5173, an optional clock the test
 * moves (set to now before each test), the fakes' records cleared before each test; `staffAndCustomer` signs up
 * the two people those tests act as.
 */
import { beforeEach } from 'vitest';
import type { MailCatcher } from '@bindery/mail-test';
import type { ManualClock } from '#lib/clock.js';
import { createUser, setupTestApp, type TestContext } from './helper.js';
import { startPaymentFakes, type PaymentFakes } from './payment-fakes.js';

export type User = Awaited<ReturnType<typeof createUser>>;

interface Options {
  clock?: ManualClock;
  /** More settings (e.g. PRODUCTION_DELAY_MINUTES, ADMIN_EMAIL). */
  env?: Record<string, string>;
  /** On the embedded default (PGlite, one connection), as the README's run command starts Bindery. */
  embedded?: boolean;
}

export async function paymentsTestApp(options?: Options): Promise<PaymentFakes & { t: TestContext }>;
export async function paymentsTestApp(
  options: Options & { mail: true },
): Promise<PaymentFakes & { mail: MailCatcher; t: TestContext }>;
export async function paymentsTestApp(options: Options & { mail?: boolean } = {}) {
  const fakes = options.mail ? await startPaymentFakes({ mail: true }) : await startPaymentFakes();
  const { clock } = options;
  const t = setupTestApp({
    ...(clock ? { clock } : {}),
    ...(options.embedded ? { embedded: true } : {}),
    env: { PUBLIC_WEB_URL: 'http://web.test:5173', ...fakes.env, ...options.env },
  });
  beforeEach(() => {
    fakes.stripe.clear();
    fakes.paypal.clear();
    clock?.set(new Date());
  });
  return { t, ...fakes };
}

/** Grace Staff (an admin) and Ada Reader (a customer). */
export async function staffAndCustomer(t: TestContext): Promise<{ admin: User; customer: User }> {
  return {
    admin: await createUser(t, { is_admin: true, name: 'Grace Staff' }),
    customer: await createUser(t, { name: 'Ada Reader' }),
  };
}
