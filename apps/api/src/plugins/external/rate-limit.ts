/**
 * Rate limiting on counters shared by every API instance (docs/decisions/0024).
 * - `app.rateLimiter` (plugins/app/rate-limits/rate-limiter.ts): hit(key, {max, windowMs}) on the
 *   `rate_limit_counters` table; the account endpoints use it (plugins/app/users/auth-rate-limits.ts).
 * - @fastify/rate-limit, off by default and switched on per route (`config.rateLimit`), counts on the same table
 *   through its store interface. A limited request gets 429 with the ErrorBody shape.
 * - A job deletes ended windows every 15 minutes (one instance per period, docs/decisions/0021).
 * @see https://github.com/fastify/fastify-rate-limit
 */
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { sharedRateLimitStore } from '../app/rate-limits/fastify-store.js';
import { createRateLimiter, type RateLimiter } from '../app/rate-limits/rate-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

const SWEEP_EVERY_MS = 15 * 60_000;

export default fp(
  async (app) => {
    const limiter = createRateLimiter({ db: app.db, clock: app.clock });
    app.decorate('rateLimiter', limiter);
    app.jobs.add({
      name: 'rate-limits.sweep',
      everyMs: SWEEP_EVERY_MS,
      run: async () => {
        const deleted = await limiter.sweep();
        if (deleted > 0) app.log.debug({ deleted }, 'ended rate-limit windows deleted');
      },
    });
    await app.register(rateLimit, {
      global: false,
      store: sharedRateLimitStore(limiter),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        code: 'TOO_MANY_REQUESTS',
        error: `Too many attempts. Please wait ${context.after} and try again.`,
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['db', 'jobs'] },
);
