/**
 * Keyset ("seek") paging for every list (docs/decisions/0019-keyset-lists.md). A page is read with
 *   WHERE (sort_key, id) < (:last_sort_key, :last_id) ORDER BY sort_key DESC, id DESC LIMIT :limit + 1
 * served by an index on exactly (sort_key DESC, id DESC); the extra row tells whether another page follows.
 * The cursor is the last row's key, base64url of JSON: opaque to clients, checked on the way back in (a
 * tampered or stale cursor is a 400, never a 500).
 *
 * In a repository:
 *   const after = decodeCursor(query.cursor, OrdersCursor);
 *   let q = db.selectFrom('orders')…orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1);
 *   q = q.select(cursorTimeOf('orders.created_at').as('cursor_time'));
 *   if (after) q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(sql`${after[0]}::timestamptz`, after[1])));
 *   return toPage(await q.execute(), query.limit, (row) => [row.cursor_time, row.id]);
 */
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { DomainError } from './domain-error.js';

export const INVALID_CURSOR = 'The list position (cursor) is not valid; load the list again from the start.';

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key inside a cursor, checked against its schema; undefined for the first page. */
export function decodeCursor<T extends z.ZodType>(
  cursor: string | undefined,
  schema: T,
): z.infer<T> | undefined {
  if (cursor === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new DomainError('invalid', INVALID_CURSOR, { code: 'INVALID_CURSOR' });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new DomainError('invalid', INVALID_CURSOR, { code: 'INVALID_CURSOR' });
  return parsed.data;
}

/**
 * A timestamp column as a cursor's key: ISO text with its microseconds. Not `Date#toISOString()`: a JavaScript
 * Date keeps milliseconds, PostgreSQL microseconds, and the rows after a page's last one within the same
 * millisecond would be skipped (a later microsecond reads as "after" the truncated key).
 */
export function cursorTimeOf(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The common cursor key: a timestamp (ISO text), then the row id. */
export const TimeIdCursor = z.tuple([z.iso.datetime({ offset: true }), z.number().int().positive()]);

/** Rows read with LIMIT limit + 1 → the page and the cursor of its last row (null when nothing follows). */
export function toPage<Row>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => readonly unknown[],
): { rows: Row[]; next_cursor: string | null } {
  if (rows.length <= limit) return { rows: [...rows], next_cursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, next_cursor: encodeCursor(keyOf(page[page.length - 1] as Row)) };
}
