/**
 * `pnpm dev`: the API from its sources under NODE_ENV=development, so every response is checked against its
 * contract (env.ts RESPONSE_CHECKS); otherwise the same server as src/server.ts.
 */
// eslint-disable-next-line no-restricted-properties -- sets, before env.ts reads it once, what `dev` means
process.env.NODE_ENV ??= 'development';
await import('./server.js');
