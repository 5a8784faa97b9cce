/**
 * All SQL on refresh_tokens. Only SHA-256 digests of the tokens are stored: a database dump yields no
 * usable session.
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, RefreshTokensTable } from '../../../db/database.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
type Db = Kysely<DB> | Transaction<DB>;

export async function insertRefreshToken(
  db: Db,
  row: { user_id: number; family_id: string; token_hash: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

/** The row of a token, locked for the rest of the transaction (concurrent refreshes of one token queue). */
export function findRefreshTokenForUpdate(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

export function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Db, id: number): Promise<void> {
  await db.updateTable('refresh_tokens').set({ used_at: sql`now()` }).where('id', '=', id).where('used_at', 'is', null).execute();
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (password reset, account deletion). */
export async function revokeAllForUser(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Housekeeping at each login: a user's expired tokens are useless, even for reuse detection. */
export async function deleteExpiredForUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', sql<Date>`now()`).execute();
}
