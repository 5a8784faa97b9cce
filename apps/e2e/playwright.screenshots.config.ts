/**
 * `pnpm --filter @bindery/e2e run screenshots`: the docs' screenshots (docs/screenshots/*.png) of the design page,
 * the shop, the payment page and the admin's Manage Orders at 375 and 1280 px, taken from the production builds
 * on the same throw-away stack as the tests (support/global-setup.ts). Not part of `pnpm test`.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: './screenshots',
  testMatch: '*.shots.ts',
  timeout: 180_000,
});
