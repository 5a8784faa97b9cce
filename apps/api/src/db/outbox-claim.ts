/**
 * The claim both outboxes use (mail, docs/decisions/0068; webhook deliveries, 0076): pending rows nobody holds, the
 * given ids or up to `due` that are due, locked with FOR UPDATE SKIP LOCKED so two senders never take the same row,
 * held until `now + claimMs` (a sender that died lets another retry afterwards), attempts counted at the claim.
 */
import { sql, type Selectable } from 'kysely';
import type { DB, Db } from './database.js';

/** Tables shaped as an outbox: id, status with 'pending', attempts, next_attempt_at, locked_until. */
export type OutboxTable = 'mail_outbox' | 'webhook_deliveries';

export type OutboxPick = { ids: readonly number[] } | { due: number };

export async function claimOutboxRows<T extends OutboxTable>(
  db: Db,
  table: T,
  where: OutboxPick,
  now: Date,
  claimMs: number,
): Promise<Selectable<DB[T]>[]> {
  if ('ids' in where && where.ids.length === 0) return [];
  const name = sql.table(table);
  const pick =
    'ids' in where
      ? sql`id in (${sql.join(where.ids.map((id) => sql.val(id)))})`
      : sql`next_attempt_at <= ${now} order by next_attempt_at limit ${where.due}`;
  const { rows } = await sql<Selectable<DB[T]>>`
    update ${name} set locked_until = ${new Date(now.getTime() + claimMs)}, attempts = attempts + 1
    where id in (
      select id from ${name}
      where status = 'pending' and (locked_until is null or locked_until < ${now}) and ${pick}
      for update skip locked
    )
    returning *`.execute(db);
  return rows;
}
