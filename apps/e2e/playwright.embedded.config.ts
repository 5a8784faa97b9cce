/**
 * The same browser tests against the embedded default, as the README's first command runs Bindery: the API on
 * PGlite under DATA_DIR, no SMTP server (mail is written to DATA_DIR/outbox, where the tests read it). Runs the
 * shell and the whole account journey; the calculators' numbers do not depend on the database mode.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

process.env.E2E_DATABASE = 'embedded';

export default defineConfig({
  ...base,
  testMatch: ['shell.spec.ts', 'accounts.spec.ts'],
  outputDir: 'test-results/output-embedded',
});
