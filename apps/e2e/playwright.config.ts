/**
 * Browser tests against the production builds of api, web and admin (started by support/global-setup.ts on a
 * throw-away PostgreSQL), in Debian's Chromium: no browser is ever downloaded. CHROME_PATH overrides the binary.
 * @see ../../../shared/reference/machine-notes.md (Browser)
 */
import { defineConfig } from '@playwright/test';
import { postgresProject } from './support/stacks';

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
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // One stack per config: this one PostgreSQL (every spec); playwright.embedded.config.ts the embedded default;
  // playwright.all.config.ts (what `pnpm test` runs) both in one run.
  projects: [postgresProject],
});
