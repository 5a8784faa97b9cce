/**
 * The two servers the load benchmarks use, in a process of their own (so the load generator does not share
 * their event loop): the real API on the PostgreSQL database given as argument, migrated and seeded as at any
 * start and logging as the run command's does (to stdout, LOG_LEVEL info unless the extra environment says
 * otherwise), and a bare Fastify hello-world as the yardstick. Prints {"api": port, "hello": port} when both listen.
 * Usage: bench-server.ts <database-url> <data-dir> [extra environment as JSON, e.g. payment keys]
 */
import Fastify from 'fastify';
import { buildApp } from '#app.js';
import { runStartupTasks } from '#bootstrap/index.js';
import { parseEnv } from '#env.js';

const [url, dataDir, extraEnv] = process.argv.slice(2);
const config = parseEnv({
  DATABASE_URL: url,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  ...(extraEnv ? (JSON.parse(extraEnv) as Record<string, string>) : {}),
});
// The logger of src/server.ts: what the run command's API writes per request is part of its cost.
const api = await buildApp({ config, logger: { level: config.logLevel } });
// The authentication benchmark (auth.bench.ts): one route behind `authenticate` and the same route without it,
// so their ratio is what authenticating a request costs.
api.register(async (probe) => {
  probe.get('/api/_bench/me', { onRequest: [probe.authenticate] }, async (req) => ({
    id: req.signedInUser().id,
  }));
  probe.get('/api/_bench/anonymous', async () => ({ id: 0 }));
});
await api.ready();
await runStartupTasks(api);
await api.listen({ host: '127.0.0.1', port: 0 });

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
// The yardstick for POST routes (the webhook benchmark): a body is received, a small JSON answer sent.
hello.post('/', async () => ({ received: true }));
await hello.listen({ host: '127.0.0.1', port: 0 });

const port = (app: typeof hello) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
console.info(JSON.stringify({ api: port(api as unknown as typeof hello), hello: port(hello) }));

const close = async () => {
  await Promise.all([api.close(), hello.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
