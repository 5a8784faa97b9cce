/**
 * Decorates `app.counts`: the lists' "n of m" counts, reused for COUNT_CACHE_SECONDS unless this instance writes
 * to a table they count (db/count-cache.ts, docs/decisions/0047). One cache for every list, so its bound holds for
 * the instance.
 */
import fp from 'fastify-plugin';
import { createCountCache, type CountCache } from '#db/count-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    counts: CountCache;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'counts',
      createCountCache({ writes: app.writes, clock: app.clock, ttlMs: app.config.countCacheMs }),
    );
  },
  { name: 'counts', dependencies: ['config', 'db', 'jobs'] },
);
