/**
 * Vite config shared by apps/web and apps/admin. `vite build` makes the production bundle, precompressed (.br and
 * .gz beside each file, see precompress.js) for the root `start`'s server (tooling/spa-server) and nginx; `vite`
 * is the dev server (`vite preview` works too, without the precompressed files). Both proxy /api to the API, so
 * an SPA calls its own origin and needs no per-deployment build (docs/decisions/0007). The port comes from
 * `portVar` (WEB_PORT or ADMIN_PORT), the API from API_PORT (or API_PROXY_TARGET).
 * `@bindery/source` resolves workspace packages to their TypeScript sources.
 * The preview server (what `start` serves) sends the SPAs' security headers (security-headers.js); the dev server
 * cannot (its hot reload runs inline script).
 */
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig, mergeConfig } from 'vitest/config';
import { apiOriginOf, spaSecurityHeaders } from './security-headers.js';
import { precompress } from './precompress.js';

/**
 * @param {{ portVar: string, defaultPort: number }} app
 * @param {import('vitest/config').UserConfig} [overrides]
 */
export function defineSpaConfig({ portVar, defaultPort }, overrides = {}) {
  const env = process.env;
  const api = env.API_PROXY_TARGET ?? `http://127.0.0.1:${env.API_PORT ?? 3000}`;
  const server = {
    host: env.SPA_HOST ?? '127.0.0.1',
    port: Number(env[portVar] ?? defaultPort),
    strictPort: true,
    proxy: { '/api': { target: api, changeOrigin: false } },
  };
  return mergeConfig(
    defineConfig({
      plugins: [react(), precompress()],
      resolve: { conditions: ['@bindery/source', ...defaultClientConditions] },
      server,
      preview: { ...server, headers: spaSecurityHeaders({ apiOrigin: apiOriginOf(env.VITE_API_URL) }) },
      build: {
        sourcemap: true,
        chunkSizeWarningLimit: 400,
        rollupOptions: {
          output: {
            // zod and @bindery/api-client/strict-csp (which tells zod the CSP forbids eval) in one chunk of their
            // own, so the setting runs before any other module can parse: as the first import of main.tsx it landed
            // in the entry chunk, which runs after the chunks it imports, and a chunk that parsed at load (the
            // admin after the order screens landed) made zod probe eval first: a CSP violation on every admin page.
            manualChunks(id) {
              return /[\\/]node_modules[\\/](?:\.pnpm[\\/]zod@[^\\/]+[\\/]node_modules[\\/])?zod[\\/]/.test(id) ||
                /[\\/]api-client[\\/]src[\\/]strict-csp\.ts$/.test(id)
                ? 'zod'
                : undefined;
            },
          },
        },
      },
      test: {
        environment: 'jsdom',
        setupFiles: ['./vitest.setup.ts'],
        include: ['src/**/*.test.{ts,tsx}'],
        // Whole-page interaction tests (typing a full address, uploads) take 2–3 s on a busy 2-core CI runner;
        // the 5 s default failed them there without any fault. A limit, not a speed check (speed is benchmarked).
        testTimeout: 15_000,
        // Two workers on two cores (vitest 4 defaults to cores − 1), and no fresh module graph and jsdom per file:
        // each file renders its own router and the shared set-up resets the DOM, msw, storage and the session
        // after every test (dom-test-setup.js), and nothing mocks a module (ADR 0049).
        maxWorkers: 2,
        isolate: false,
      },
    }),
    overrides,
  );
}
