import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// `@bindery/source` reads workspace packages (contracts' messages) from their TypeScript sources, as the SPAs'
// Vite preset does: the tests need no build of contracts first.
const source = '@bindery/source';
export default defineConfig({
  resolve: { conditions: [source, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [source, ...defaultServerConditions] } },
  test: { environment: 'jsdom', setupFiles: ['./vitest.setup.ts'] },
});
