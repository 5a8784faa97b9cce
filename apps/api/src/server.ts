/**
 * Boots the API: validates the environment, starts it (start.ts: test payment servers when in test mode, the app,
 * start-up tasks, listen), prints where everything is, and closes gracefully on SIGINT/SIGTERM.
 * Nothing here switches on NODE_ENV: the logger and everything else come from env.ts.
 * @see fastify/demo src/server.ts
 */
import closeWithGrace from 'close-with-grace';
import { messages } from '@bindery/contracts/messages';
import { DatabaseInUseError } from './db/embedded-lock.js';
import { EnvError, parseEnv, processEnv } from './env.js';
import { bufferedStdout } from './lib/log-destination.js';
import { startApi } from './start.js';

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
  const api = await startApi(config, { level: config.logLevel, stream: bufferedStdout() });
  const { app } = api;
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'server closing with error');
    else app.log.info({ signal }, 'server closing');
    await api.close();
  });
  const payments = api.testProviders
    ? [
        `    Payments  ${messages.payments.testModeBanner}: Bindery's own test servers,`,
        `              Stripe ${api.testProviders.stripeUrl}, PayPal ${api.testProviders.paypalUrl}`,
        '              (STRIPE_*/PAYPAL_* keys switch to real payments; docs/decisions/0028)',
      ]
    : [
        `    Payments  card ${config.payments.stripe ? 'on' : 'off'}, PayPal ${config.payments.paypal ? 'on' : 'off'}`,
      ];
  console.info(
    [
      '',
      `  Bindery is running (${config.database.mode === 'embedded' ? `embedded database in ${config.database.dataDir}` : 'PostgreSQL'}):`,
      `    API    ${config.apiUrl}/api   (docs: ${config.apiUrl}/api/docs)`,
      `    Web    ${config.webUrl}`,
      `    Admin  ${config.adminUrl}`,
      ...payments,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  // A second process on the same embedded database is an operator's mistake: one clear line, no stack.
  console.error(error instanceof DatabaseInUseError ? error.message : error);
  process.exit(1);
});
