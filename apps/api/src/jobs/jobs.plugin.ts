/**
 * Decorates `app.jobs` (the scheduler, src/jobs/scheduler.ts) and `app.clock`. Domain plugins add their periodic
 * jobs while the app is built (`app.jobs.add({ name, everyMs, run })`); the scheduler starts polling when the app
 * is ready, if JOBS_ENABLED (the tests' apps leave it off and call the jobs or `app.jobs.tick()` themselves), and
 * stops on close before the database is destroyed.
 * @see docs/decisions/0021-jobs-on-postgresql.md
 */
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../lib/clock.js';
import { createScheduler, type Scheduler } from './scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Scheduler;
    clock: Clock;
  }
}

export default fp<{ clock?: Clock }>(
  async (app, opts) => {
    const clock = opts.clock ?? systemClock;
    app.decorate('clock', clock);
    const scheduler = createScheduler({
      db: app.db,
      clock,
      log: app.log.child({ component: 'jobs' }),
      pollMs: app.config.jobs.pollMs,
    });
    app.decorate('jobs', scheduler);
    if (app.config.jobs.enabled) {
      app.addHook('onReady', async () => {
        scheduler.start();
        app.log.info({ jobs: scheduler.jobs().map((j) => j.name) }, 'job scheduler started');
      });
    }
    // Registered after the db plugin, so this onClose runs before the one that destroys the pool.
    app.addHook('onClose', async () => scheduler.stop());
  },
  { name: 'jobs', dependencies: ['config', 'db'] },
);
