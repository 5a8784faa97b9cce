/**
 * Vite config of the customer SPA. `vite build` makes the production bundle; `vite preview` serves it (the root
 * `start`) and `vite` is the dev server. Both proxy /api to the API, so the SPA calls its own origin and needs
 * no per-deployment build; ports follow WEB_PORT and API_PORT.
 */
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const env = process.env;
const port = Number(env.WEB_PORT ?? 5173);
const api = env.API_PROXY_TARGET ?? `http://127.0.0.1:${env.API_PORT ?? 3000}`;
const server = { host: env.WEB_HOST ?? '127.0.0.1', port, strictPort: true, proxy: { '/api': { target: api, changeOrigin: false } } };

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@bindery/source', ...defaultClientConditions] },
  server,
  preview: server,
  build: { sourcemap: true, chunkSizeWarningLimit: 400 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
