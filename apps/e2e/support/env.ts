/** URLs and credentials the global setup published for the tests. */
const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through playwright.config.ts (global setup).`);
  return value;
};

export const e2e = {
  get apiUrl() {
    return need('E2E_API_URL');
  },
  get webUrl() {
    return need('E2E_WEB_URL');
  },
  get adminUrl() {
    return need('E2E_ADMIN_URL');
  },
  get adminEmail() {
    return need('E2E_ADMIN_EMAIL');
  },
  get adminPassword() {
    return need('E2E_ADMIN_PASSWORD');
  },
  get mailDir() {
    return need('E2E_MAIL_DIR');
  },
  /** The fake Stripe (tooling/payment-fakes): `/__fake/requests?kind=` lists what it received. */
  get stripeUrl() {
    return need('E2E_STRIPE_URL');
  },
  /** The API runs in test payment mode (the README's run command, no keys; docs/decisions/0028). */
  get paymentsTestMode() {
    return process.env.E2E_PAYMENTS_TEST_MODE === '1';
  },
  /** How the status page names the database the API runs on: 'PostgreSQL' or 'embedded'. */
  get databaseLabel() {
    return need('E2E_DATABASE_LABEL');
  },
};
