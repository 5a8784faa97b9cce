/**
 * The SQL of upload reservations (docs/decisions/0054; upload-slots.ts): the customer's row lock that orders every
 * check of a per-account cap, and the reservation rows counted with the stored files.
 */
import { sql, type Transaction } from 'kysely';
import type { DB, Db, UploadReservationsTable } from '#db/database.js';

export type ReservationKind = UploadReservationsTable['kind'];

/**
 * Locks the customer's row until the transaction ends: two requests of one customer count and reserve one after
 * the other. FOR NO KEY UPDATE, so rows that merely refer to the user (sessions, projects) are not held up.
 */
export async function lockAccount(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
}

/** The customer's reservations of a kind that still count (not past their expiry). */
export async function countReservations(db: Db, userId: number, kind: ReservationKind): Promise<number> {
  const row = await db
    .selectFrom('upload_reservations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Bytes of the customer's live upload reservations whose files have arrived, but for `exceptId`. */
export async function reservedBytes(db: Db, userId: number, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('upload_reservations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size_bytes'), sql<string>`0`).as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'upload')
    .where('id', '!=', exceptId)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertReservation(
  db: Db,
  row: { id: string; userId: number; kind: ReservationKind; ttlMs: number },
): Promise<void> {
  await db
    .insertInto('upload_reservations')
    .values({
      id: row.id,
      user_id: row.userId,
      kind: row.kind,
      expires_at: sql<Date>`now() + ${sql.lit(`${Math.ceil(row.ttlMs / 1000)} seconds`)}::interval`,
    })
    .execute();
}

export async function setReservedBytes(db: Db, id: string, size: number): Promise<void> {
  await db.updateTable('upload_reservations').set({ size_bytes: size }).where('id', '=', id).execute();
}

export async function deleteReservation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('upload_reservations').where('id', '=', id).execute();
}

/** Reservations left by a process that died mid-upload (a periodic sweep). */
export async function deleteExpiredReservations(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('upload_reservations')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
