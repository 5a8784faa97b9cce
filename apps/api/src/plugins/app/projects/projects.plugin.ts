/**
 * Decorates the app with `fileStore` (where uploaded files live: DATA_DIR/uploads on the local disk, or the S3
 * bucket when S3_BUCKET is set), `fileInspector` (the worker pool that reads uploads, inspection-pool.ts), and the
 * two modules built on them, `uploads` (uploads.service.ts) and `projects` (projects.service.ts); and keeps the
 * files clean (docs/decisions/0012, 0026):
 * - the job 'uploads.sweep-expired' (app.jobs, once per period across all instances): pending uploads older than
 *   24 h lose their row and file, expired upload reservations their row. Upload-book refuses an expired upload
 *   whether or not it has run;
 * - the staging sweep of THIS instance (its own disk, so not a shared job): at start and every
 *   STAGING_SWEEP_INTERVAL_MS, .part files nothing has written to for 15 minutes (a crash, a killed process).
 */
import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FileStore } from './file-store.js';
import { createInspectionPool, type InspectionPool } from './inspection-pool.js';
import { createLocalFileStore } from './local-file-store.js';
import { createS3FileStore } from './s3-file-store.js';
import { DEFAULT_ADMIN_EMAIL } from '#bootstrap/admin.js';
import { createProjects, type ProjectsModule } from './projects.service.js';
import { createUploadSlots } from './upload-slots.js';
import {
  createUploads,
  STALE_STAGING_MS,
  sweepExpiredUploads,
  sweepStaging,
  type UploadsModule,
} from './uploads.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    fileStore: FileStore;
    fileInspector: InspectionPool;
    uploads: UploadsModule;
    projects: ProjectsModule;
  }
}

export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
export const STAGING_SWEEP_INTERVAL_MS = 5 * 60 * 1000;

export default fp(
  async (app) => {
    const { files, dataDir } = app.config;
    const uploadsRoot = join(dataDir, 'uploads');
    const fileStore = files.s3 ? createS3FileStore(files.s3, uploadsRoot) : createLocalFileStore(uploadsRoot);
    app.decorate('fileStore', fileStore);
    const pool = createInspectionPool({
      size: files.inspect.workers,
      maxHeapMb: files.inspect.maxHeapMb,
      timeoutMs: files.inspect.timeoutMs,
      maxQueue: 32,
      idleMs: 30_000,
    });
    app.decorate('fileInspector', pool);
    app.decorate(
      'uploads',
      createUploads({
        db: app.db,
        fileStore,
        fileInspector: pool,
        // The caps per account, reserved before the bytes are read (docs/decisions/0054); a reservation of a
        // process that died counts until its request could no longer be running.
        slots: createUploadSlots({
          db: app.db,
          draftQuotaBytes: files.draftQuotaBytes,
          ttlMs: app.config.http.requestTimeoutMs + STALE_STAGING_MS,
        }),
        log: app.log,
      }),
    );
    app.decorate(
      'projects',
      createProjects({
        db: app.db,
        counts: app.counts,
        catalog: app.catalog,
        fileStore,
        // The orders plugin is registered after this one (it copies projects for a reorder): looked up when used.
        orders: {
          cancelUnpaidWithin: (...args) => app.orders.cancelUnpaidWithin(...args),
          afterCommit: (...args) => app.orders.afterCommit(...args),
        },
        clock: app.clock,
        // The staff notification goes through the outbox as every mail does (ADR 0068).
        sendMail: (message) => app.mailOutbox.sendLater({ kind: 'cover_expert', ...message }),
        limiter: app.rateLimiter,
        log: app.log,
        config: {
          coverExpertEmail: app.config.coverExpertEmail ?? DEFAULT_ADMIN_EMAIL,
          apiUrl: app.config.apiUrl,
          adminUrl: app.config.adminUrl,
        },
      }),
    );

    app.jobs.add({
      name: 'uploads.sweep-expired',
      everyMs: SWEEP_INTERVAL_MS,
      run: async () => sweepExpiredUploads({ db: app.db, fileStore }),
    });

    let sweeping: Promise<unknown> | undefined;
    const sweep = () => {
      sweeping ??= sweepStaging(fileStore)
        .then((swept) => {
          if (swept.staged > 0) app.log.info(swept, 'stale staged uploads removed');
        })
        .catch((err: unknown) => app.log.error({ err }, 'staging sweep failed'))
        .finally(() => {
          sweeping = undefined;
        });
      return sweeping;
    };
    // At start: what a crash of the previous process left behind goes before this one serves.
    app.addHook('onReady', async () => {
      await sweep();
    });
    // unref(): the timer never keeps the process alive on its own.
    // sweep() logs its own failure, so the interval can drop its promise.
    const every = setInterval(() => void sweep(), STAGING_SWEEP_INTERVAL_MS).unref();
    // Before the db plugin destroys the pool (onClose hooks run in reverse order of registration).
    app.addHook('onClose', async () => {
      clearInterval(every);
      await sweeping;
      await pool.close();
      await fileStore.close();
    });
  },
  {
    name: 'projects',
    dependencies: ['config', 'db', 'jobs', 'counts', 'catalog', 'rate-limit', 'mail-outbox'],
  },
);
