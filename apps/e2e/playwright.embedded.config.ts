/**
 * The browser tests that depend on the stack, against the embedded default as the README's first command runs
 * Bindery: the API on PGlite under DATA_DIR, no SMTP server (mail is written to DATA_DIR/outbox, where the tests
 * read it), test payment mode (Bindery's own Stripe and PayPal test servers). These are the specs that start the
 * app, write to the database, read mail or pay: the shell, accounts, drafts, the e-book, the order journey and
 * lifecycle, one order per cart, resale certificates, the print check of a wrong file and its fix, an order held
 * for a new file (each issue's "on the default run"). The others (calculators, layout, security headers) read pages whose answers do
 * not depend on the database or the payment mode and run on the PostgreSQL stack only (ADR 0049; README "Test it").
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** The specs whose outcome depends on the database, the mail transport or the payment mode. */
export const STACK_SPECS = [
  'shell',
  'accounts',
  'drafts',
  'ebook',
  'order-journey',
  'order-lifecycle',
  'one-order',
  'resale-certificates',
  'preflight',
  'on-hold',
];

process.env.E2E_DATABASE = 'embedded';

export default defineConfig({
  ...base,
  outputDir: 'test-results/output-embedded',
  testMatch: STACK_SPECS.map((name) => `${name}.spec.ts`),
});
