/**
 * Starts the API as `node dist/server.js` runs it: in test payment mode, Bindery's own payment test servers first
 * (the app's gateways are built from their URLs), then the app, the start-up tasks (migrations ran in the db
 * plugin; admin bootstrap and seeds here) and listen. server.ts adds the signals and the start-up lines; tests
 * start the same path on a free port.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from './app.js';
import { runStartupTasks } from './bootstrap/index.js';
import type { Config } from './env.js';
import { startTestProviders, type TestProviders } from './plugins/app/payments/test-providers.js';

export interface RunningApi {
  app: FastifyInstance;
  /** The configuration the app runs with (in test mode, with the test servers as its providers). */
  config: Config;
  /** Test payment mode only: where the test servers listen. */
  testProviders?: Pick<TestProviders, 'stripeUrl' | 'paypalUrl'>;
  /** Closes the app, then the test servers. */
  close(): Promise<void>;
}

export async function startApi(config: Config, logger: FastifyServerOptions['logger']): Promise<RunningApi> {
  const providers = config.payments.mode === 'test' ? await startTestProviders(config) : undefined;
  const running = providers ? { ...config, payments: providers.payments } : config;
  try {
    const app = await buildApp({ config: running, logger });
    if (providers) app.addHook('onClose', async () => providers.stop());
    await runStartupTasks(app);
    await app.listen({ host: running.host, port: running.port });
    return {
      app,
      config: running,
      testProviders: providers && { stripeUrl: providers.stripeUrl, paypalUrl: providers.paypalUrl },
      close: () => app.close(),
    };
  } catch (error) {
    await providers?.stop();
    throw error;
  }
}
