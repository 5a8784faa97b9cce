/**
 * Fixed-window rate limiting on counters every API instance shares (docs/decisions/0024): a client's attempts
 * are counted once, whichever instance the proxy sends them to. With per-process counters (what
 * @fastify/rate-limit keeps by default) each of N instances allowed the full limit, N times the intended one.
 *
 * Keys are hashed before they are stored: the table holds no e-mail address or IP in clear, and every key has
 * the same short length whatever the client sent.
 * Works the same on PostgreSQL and on embedded PGlite (one instance there, same SQL).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { deleteCounter, deleteEndedCounters, hitCounter } from './rate-limits.repository.js';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  /** This hit is within the limit. */
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  max: number;
  /** Seconds until the window ends (at least 1). */
  retryAfterS: number;
}

export interface RateLimiter {
  /** Counts one hit of `key` and tells whether it is within `limit`. */
  hit(key: string, limit: RateLimit): Promise<RateLimitResult>;
  /** Forgets `key`'s hits. */
  reset(key: string): Promise<void>;
  /** Deletes ended windows (a periodic job); returns how many rows went. */
  sweep(batch?: number): Promise<number>;
}

const storedKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export function createRateLimiter({ db, clock }: { db: Kysely<DB>; clock: Clock }): RateLimiter {
  return {
    async hit(key, limit) {
      const now = clock.now();
      const { hits, windowEndsAt } = await hitCounter(db, storedKey(key), now, limit.windowMs);
      return {
        allowed: hits <= limit.max,
        hits,
        max: limit.max,
        retryAfterS: Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000)),
      };
    },
    async reset(key) {
      await deleteCounter(db, storedKey(key));
    },
    async sweep(batch = 10_000) {
      let total = 0;
      for (;;) {
        const deleted = await deleteEndedCounters(db, clock.now(), batch);
        total += deleted;
        if (deleted < batch) return total;
      }
    },
  };
}
