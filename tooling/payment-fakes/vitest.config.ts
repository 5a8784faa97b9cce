import { defineConfig } from 'vitest/config';

// `@bindery/source`: workspace packages (the message catalogue) resolve to their TypeScript sources, so the tests
// need no build. Keep 'import'/'module' out, as in apps/api (Node's require() of CommonJS SDKs).
const conditions = ['@bindery/source', 'node', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
});
