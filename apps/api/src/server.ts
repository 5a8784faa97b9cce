/**
 * Boots the API: validates the environment, builds the app, runs start-up tasks (migrations ran in the db
 * plugin; admin bootstrap and seeds here), listens, and closes gracefully on SIGINT/SIGTERM.
 * Nothing here switches on NODE_ENV: the logger and everything else come from env.ts.
 * @see fastify/demo src/server.ts
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { DatabaseInUseError } from './db/embedded-lock.js';
import { runStartupTasks } from './bootstrap/index.js';
import { EnvError, parseEnv, processEnv } from './env.js';

async function main() {
  // Everything this process creates (database files, secrets, mail, uploads) is its owner's alone, including what
  // libraries create without asking (PGlite's files): 0700 directories, 0600 files (docs/decisions/0026).
  process.umask(0o077);
  let config;
  try {
    config = parseEnv(processEnv());
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, logger: { level: config.logLevel } });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'server closing with error');
    else app.log.info({ signal }, 'server closing');
    await app.close();
  });
  await runStartupTasks(app);
  await app.listen({ host: config.host, port: config.port });
  console.info(
    [
      '',
      `  Bindery is running (${config.database.mode === 'embedded' ? `embedded database in ${config.database.dataDir}` : 'PostgreSQL'}):`,
      `    API    ${config.apiUrl}/api   (docs: ${config.apiUrl}/api/docs)`,
      `    Web    ${config.webUrl}`,
      `    Admin  ${config.adminUrl}`,
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  // A second process on the same embedded database is an operator's mistake: one clear line, no stack.
  console.error(error instanceof DatabaseInUseError ? error.message : error);
  process.exit(1);
});
