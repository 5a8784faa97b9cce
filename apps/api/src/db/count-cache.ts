/**
 * The lists' "n of m" counts, reused for a few seconds (COUNT_CACHE_SECONDS, default 5; docs/decisions/0047).
 *
 * Every list answer carries a server count beside its keyset page (the spec's "Showing n of m"). A page is an
 * index range scan of 50 rows; the count over 100,000 orders or users is not, and under a steady load of list
 * requests it was most of PostgreSQL's work and pushed the quote's p99 past its 10 ms goal. A count
 * that changes only when rows change need not be recounted for every page, every Load more and every keystroke
 * of a search that comes back to a term.
 *
 * - Exact for this instance's own writes: an entry is dropped the moment this instance writes to a table it was
 *   counted from (write-watch.ts sees every statement), so a customer who has just ordered, or staff who have just
 *   moved an order, see the new count on the next request.
 * - Another instance's writes (and edits outside the API) show within the TTL, as revoked sessions do
 *   (AUTH_CACHE_SECONDS).
 * - Concurrent requests for the same count share one query; a failed count is not remembered.
 * - Bounded: past `maxEntries` the oldest entry goes (keys include search terms, which anyone can vary).
 * - Expiry reads the app's clock, so a test moves time instead of sleeping. TTL 0: count every time.
 */
import type { Clock } from '#lib/clock.js';
import type { WriteWatch } from './write-watch.js';

export interface CountCache {
  /**
   * `count()`'s answer for `key`, reused while it is younger than the TTL and this instance has not written to
   * any of `tables` (every table the count reads) since it was counted.
   */
  count(key: string, tables: readonly string[], count: () => Promise<number>): Promise<number>;
  readonly size: number;
}

interface Entry {
  value: Promise<number>;
  /** The write watch's mark when the count started. */
  mark: number;
  until: number;
}

export function createCountCache({
  writes,
  clock,
  ttlMs,
  maxEntries = 1000,
}: {
  writes: Pick<WriteWatch, 'mark' | 'changedSince'>;
  clock: Clock;
  ttlMs: number;
  maxEntries?: number;
}): CountCache {
  const entries = new Map<string, Entry>();
  return {
    count(key, tables, count) {
      if (ttlMs <= 0) return count();
      const now = clock.now().getTime();
      const entry = entries.get(key);
      if (entry && now < entry.until && !writes.changedSince(entry.mark, tables)) return entry.value;
      entries.delete(key);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      const mark = writes.mark();
      const fresh: Entry = { value: count(), mark, until: now + ttlMs };
      entries.set(key, fresh);
      fresh.value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return fresh.value;
    },
    get size() {
      return entries.size;
    },
  };
}

/** For a script or report that keeps no cache: every count is counted. */
export const countEveryTime: CountCache = { count: (_key, _tables, count) => count(), size: 0 };
