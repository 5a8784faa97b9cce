/**
 * URLs and credentials the global setup published for the tests: those of the stack the running test's project
 * runs on (support/stacks.ts), as `E2E_<STACK>_<NAME>`.
 */
import { test } from '@playwright/test';
import { stackOf } from './stacks.js';

/** The variable of the running test's stack. */
const keyOf = (name: string) => `E2E_${stackOf(test.info().project).toUpperCase()}_${name}`;

const need = (name: string) => {
  const key = keyOf(name);
  const value = process.env[key];
  if (!value) throw new Error(`${key} is not set: run the tests through a playwright.*.config.ts (global setup).`);
  return value;
};

export const e2e = {
  get apiUrl() {
    return need('API_URL');
  },
  get webUrl() {
    return need('WEB_URL');
  },
  get adminUrl() {
    return need('ADMIN_URL');
  },
  get adminEmail() {
    return need('ADMIN_EMAIL');
  },
  get adminPassword() {
    return need('ADMIN_PASSWORD');
  },
  get mailDir() {
    return need('MAIL_DIR');
  },
  /** The fake Stripe (tooling/payment-fakes): `/__fake/requests?kind=` lists what it received. */
  get stripeUrl() {
    return need('STRIPE_URL');
  },
  /** The API runs in test payment mode (the README's run command, no keys; docs/decisions/0028). */
  get paymentsTestMode() {
    return process.env[keyOf('PAYMENTS_TEST_MODE')] === '1';
  },
  /** How the status page names the database the API runs on: 'PostgreSQL' or 'embedded'. */
  get databaseLabel() {
    return need('DATABASE_LABEL');
  },
};
