import { defineConfig } from 'vitest/config';

// The run-command checks (turbo as `pnpm start` runs it); the browser specs under tests/ are Playwright's.
export default defineConfig({
  test: { include: ['run-command/**/*.test.ts'], testTimeout: 60_000 },
});
