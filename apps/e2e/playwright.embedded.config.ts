/**
 * The same browser tests against the embedded default, as the README's first command runs Bindery: the API on
 * PGlite under DATA_DIR, no SMTP server (mail is written to DATA_DIR/outbox, where the tests read it). Every
 * spec runs: the shell, the seven calculators on a phone and a desktop, and the whole account journey.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

process.env.E2E_DATABASE = 'embedded';

export default defineConfig({
  ...base,
  outputDir: 'test-results/output-embedded',
});
