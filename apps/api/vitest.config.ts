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
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more forks than that only adds contention on the one PostgreSQL server.
    maxWorkers: 2,
  },
});
