/**
 * All SQL on sessions (one row per login; docs/decisions/0025). A session's `revoked_at` is the one switch that
 * ends it: its refresh tokens stop rotating and the access tokens that carry its id are refused at once.
 */
import type { Selectable } from 'kysely';
import type { Db, SessionApp, SessionsTable } from '#db/database.js';
import type { UserRow } from './users.repository.js';

export type SessionRow = Selectable<SessionsTable>;
/** The user an access token names, with the state and the app of the session it carries. */
export type SessionUserRow = UserRow & { session_revoked_at: Date | null; session_app: SessionApp };

export async function insertSession(
  db: Db,
  row: { id: string; user_id: number; expires_at: Date; app?: SessionApp },
): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** Slides the session's expiry along with its newest refresh token. */
export async function extendSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

/**
 * The user and the session of an access token in ONE indexed round trip (both primary keys): what every
 * authenticated request costs, the same single query the user look-up alone cost before sessions were checked.
 * Undefined when the session is not this user's or is gone.
 */
export function findSessionUser(
  db: Db,
  userId: number,
  sessionId: string,
): Promise<SessionUserRow | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .selectAll('users')
    .select(['sessions.revoked_at as session_revoked_at', 'sessions.app as session_app'])
    .where('users.id', '=', userId)
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every session of a user (password change, account deletion). */
export async function revokeUserSessions(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Housekeeping at each login: a user's sessions past their expiry can never be renewed, and every access token
 * they issued has expired long before (the session outlives its newest access token by the refresh lifetime).
 * Their refresh tokens go with them (ON DELETE CASCADE).
 */
export async function deleteExpiredSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<', now).execute();
}
