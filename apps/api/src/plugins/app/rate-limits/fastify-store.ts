/**
 * A @fastify/rate-limit store on the shared counters (rate-limiter.ts), so a route that switches the plugin on
 * with `config: { rateLimit: { max, timeWindow } }` is limited across all API instances as well.
 * @see https://github.com/fastify/fastify-rate-limit#custom-store
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimiter } from './rate-limiter.js';

export function sharedRateLimitStore(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options (unused here); child() gives each route its prefix.
    constructor(
      _options?: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      limiter.hit(`${this.prefix}${key}`, { max, windowMs: timeWindow }).then(
        (result) => callback(null, { current: result.hits, ttl: result.retryAfterS * 1000 }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // Each route counts on its own, as the plugin's own stores do. (The plugin passes its merged parameters,
      // with the route under routeInfo, whatever the declared type says.)
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new SharedStore(undefined, `route:${route?.method ?? ''} ${route?.url ?? ''}:`);
    }
  }
  return SharedStore;
}
