/**
 * Decorates the app with `fileStore` (where uploaded files live: DATA_DIR/uploads on the local disk) and runs
 * the sweep of expired uploads: every SWEEP_INTERVAL_MS, pending uploads older than 24 h lose their row and
 * file, and staged files a crash left behind are removed. Upload-book refuses an expired upload whether or not
 * the sweep has run yet, so the sweep only reclaims space (docs/decisions/0012).
 */
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FileStore } from './file-store.js';
import { createLocalFileStore } from './local-file-store.js';
import { sweepExpiredUploads } from './uploads.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore;
  }
}

export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** The first sweep runs this long after start, out of the way of start-up work. */
const FIRST_SWEEP_DELAY_MS = 60 * 1000;

export default fp(
  async (app) => {
    app.decorate('fileStore', createLocalFileStore(join(app.config.dataDir, 'uploads')));

    let sweeping: Promise<unknown> | undefined;
    const sweep = () => {
      sweeping ??= sweepExpiredUploads(app)
        .then((swept) => {
          if (swept.uploads + swept.staged > 0) app.log.info(swept, 'expired uploads removed');
        })
        .catch((err: unknown) => app.log.error({ err }, 'upload sweep failed'))
        .finally(() => {
          sweeping = undefined;
        });
    };
    // unref(): the timers never keep the process alive on their own.
    const first = setTimeout(sweep, FIRST_SWEEP_DELAY_MS).unref();
    const every = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
    // Before the db plugin destroys the pool (onClose hooks run in reverse order of registration).
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
      await sweeping;
    });
  },
  { name: 'projects', dependencies: ['config', 'db'] },
);
