/**
 * Browser tests against the production builds of api, web and admin (started by support/global-setup.ts on a
 * throw-away PostgreSQL), in Debian's Chromium (its headless shell where installed): no browser is ever downloaded.
 * @see ../../../shared/reference/machine-notes.md (Browser)
 */
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { postgresProject } from './support/stacks';

/** Debian's full Chromium: for what only the browser has (the back/forward cache, the PDF viewer). */
const fullChromium = process.env.CHROME_PATH || '/usr/bin/chromium';
/**
 * The tests' browser (ADR 0080): Debian's headless shell of the same Chromium (its Blink and V8 without the
 * browser's UI layers; what Playwright itself runs for headless tests) where installed, about a third less CPU per
 * test; otherwise the full browser. CHROME_PATH runs everything in the browser it names.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const testChromium = process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : fullChromium);

const launchOptions = {
  executablePath: testChromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Launch options of the full browser, for a test or spec that needs it (`chromium.launch` / `test.use`). */
export const fullBrowserLaunch = { ...launchOptions, executablePath: fullChromium };

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Two workers, one per core: each test signs up customers of its own, so two spec files run side by side against
  // the one set of servers; the long layout spec runs its widths in parallel (ADR 0049).
  workers: 2,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list'], ['./support/server-log-reporter.ts']],
  use: {
    // No trace by default (ADR 0079): recording one for every test cost a fifth of the browser stage's time, and
    // CI keeps no test-results. Debugging a failure: `pnpm exec playwright test <spec> --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  // One stack per config: this one PostgreSQL (every spec); playwright.embedded.config.ts the embedded default;
  // playwright.all.config.ts (what `pnpm test` runs) both in one run.
  projects: [postgresProject],
});
