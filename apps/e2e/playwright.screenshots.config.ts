/**
 * `pnpm --filter @bindery/e2e run screenshots`: the docs' screenshots (docs/screenshots/*.png) of the design page,
 * the shop, the payment page and the admin's Manage Orders at 375 and 1280 px, taken from the production builds
 * on the README's default run (the embedded stack, `pnpm start` with throw-away ports and DATA_DIR; so in test payment
 * mode, with its banner; ADR 0062), as support/global-setup.ts starts it. Not part of `pnpm test`.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { embeddedProject } from './support/stacks';

export default defineConfig({
  ...base,
  testDir: './screenshots',
  timeout: 180_000,
  projects: [
    {
      ...embeddedProject,
      outputDir: 'test-results/output-screenshots',
      testMatch: '*.shots.ts',
    },
  ],
});
