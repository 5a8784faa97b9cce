/**
 * Migrates and seeds the template database exactly as a real start-up does. Run by global-setup.ts in a
 * child process (`node --conditions=@bindery/source --import tsx`), because vitest's global-setup runner does
 * not resolve workspace packages to their sources.
 * Usage: prepare-template.ts <database-url> <data-dir>
 */
import { buildApp } from '#app.js';
import { runStartupTasks } from '#bootstrap/index.js';
import { parseEnv } from '#env.js';
import { TEST_JWT_SECRET } from './constants.js';

const [url, dataDir] = process.argv.slice(2);
const config = parseEnv({ DATABASE_URL: url, JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' });
const app = await buildApp({ config });
await app.ready();
await runStartupTasks(app);
await app.close();
