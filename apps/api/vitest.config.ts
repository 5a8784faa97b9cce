import { defineConfig } from 'vitest/config';

// `@bindery/source` makes workspace packages resolve to their TypeScript sources (no build needed to test).
// Keep 'import'/'module' out: vitest hands these conditions to Node too, and Node's require() would then load
// ESM builds of CommonJS packages such as pg-pool.
const conditions = ['@bindery/source', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    environment: 'node',
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup-hash-cost.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more forks than that only adds contention on the one PostgreSQL server.
    maxWorkers: 2,
    // Each file builds its own app on its own database (test/helper.ts) and nothing mocks a module, so a worker
    // keeps the modules it imported for the next file instead of importing the app again per file (ADR 0049).
    isolate: false,
  },
});
