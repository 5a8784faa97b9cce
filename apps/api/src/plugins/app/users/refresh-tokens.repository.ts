/**
 * All SQL on refresh_tokens. Only SHA-256 digests of the tokens are stored: a database dump yields no
 * usable session. Revocation lives on the session (sessions.repository.ts), not on each token.
 */
import type { Selectable } from 'kysely';
import type { Db, RefreshTokensTable, SessionApp } from '#db/database.js';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
/** A refresh token with its session's state and app. */
export type RefreshTokenWithSession = RefreshTokenRow & { session_revoked_at: Date | null; session_app: SessionApp };

export async function insertRefreshToken(
  db: Db,
  row: { user_id: number; family_id: string; token_hash: string; expires_at: Date },
): Promise<void> {
  await db.insertInto('refresh_tokens').values(row).execute();
}

/**
 * The row of a token and its session, the token locked for the rest of the transaction (concurrent refreshes of
 * one token queue).
 */
export function findRefreshTokenForUpdate(
  db: Db,
  tokenHash: string,
): Promise<RefreshTokenWithSession | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.family_id')
    .selectAll('refresh_tokens')
    .select(['sessions.revoked_at as session_revoked_at', 'sessions.app as session_app'])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .forUpdate('refresh_tokens')
    .executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Db, id: number, at: Date): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .execute();
}
