#!/usr/bin/env node
/**
 * `bindery-spa-server --name web --port-var WEB_PORT --default-port 5173 [--dir dist]`: serves one SPA's build
 * (server.ts) until SIGINT/SIGTERM. The apps' `start` scripts run it (the root `pnpm start`).
 */
import { parseArgs } from 'node:util';
import { parseSpaEnv, processEnv } from './env.js';
import { buildSpaServer } from './server.js';

const { values } = parseArgs({
  options: {
    name: { type: 'string', default: 'spa' },
    'port-var': { type: 'string', default: 'PORT' },
    'default-port': { type: 'string', default: '5173' },
    dir: { type: 'string', default: 'dist' },
  },
});

let config;
try {
  config = parseSpaEnv(processEnv(), {
    name: values.name,
    portVar: values['port-var'],
    defaultPort: Number(values['default-port']),
    dir: values.dir,
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = await buildSpaServer(config, { logger: { level: 'warn' } });
const close = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void close());
process.once('SIGTERM', () => void close());
await app.listen({ host: config.host, port: config.port });
console.info(
  `  ${config.name} serving ${config.dir} on http://${config.host}:${config.port} (/api → ${config.apiTarget})`,
);
