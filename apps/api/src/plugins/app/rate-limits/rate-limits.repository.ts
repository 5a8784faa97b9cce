/**
 * SQL of the shared rate-limit counters (docs/decisions/0024). One statement per hit: PostgreSQL serialises
 * concurrent upserts of the same key, so two instances counting the same client never lose a hit.
 */
import { sql } from 'kysely';
import type { Db } from '#db/database.js';

/**
 * Counts one hit of `key` in its window and returns the count so far. A key without a row, or whose window has
 * ended at `now`, starts a new window of `windowMs` with this hit.
 */
export async function hitCounter(db: Db, key: string, now: Date, windowMs: number) {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, hits: 1, window_ends_at: new Date(now.getTime() + windowMs) })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        // Both right-hand sides read the row as it was before this statement.
        hits: sql<number>`case when rate_limit_counters.window_ends_at <= ${now} then 1
          else least(rate_limit_counters.hits + 1, 2147483647) end`,
        window_ends_at: sql<Date>`case when rate_limit_counters.window_ends_at <= ${now}
          then excluded.window_ends_at else rate_limit_counters.window_ends_at end`,
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { hits: row.hits, windowEndsAt: new Date(row.window_ends_at) };
}

/** Forgets a key (a successful login clears that client's failures). */
export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}

/** Deletes up to `limit` counters whose window ended before `now`; returns how many. */
export async function deleteEndedCounters(db: Db, now: Date, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_limit_counters')
    .where('key', 'in', (eb) =>
      eb.selectFrom('rate_limit_counters').select('key').where('window_ends_at', '<=', now).limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
