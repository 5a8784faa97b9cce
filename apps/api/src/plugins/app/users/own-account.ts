/**
 * The customer's own account settings (docs/decisions/0067): name, password, open sessions. A password change
 * checks the current password, keeps the new one (bumping token_version: every access token ends, and this
 * session's client gets a new one at its next refresh) and ends every other session in the same transaction.
 * Plain functions (docs/decisions/0018); refusals are DomainError.
 */
import { sql, type Kysely } from 'kysely';
import type { AccountResponse, ChangePasswordBody, SessionsResponse } from '@bindery/contracts/store/account';
import { messages } from '@bindery/contracts/messages';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import { hashPassword, verifyPassword } from '#lib/password.js';
import type { SessionCache } from './session-cache.js';
import { toSessionUser } from './sessions.service.js';
import { replacePassword, type UserRow } from './users.repository.js';

const m = messages.account;

/** At most this many open sessions are listed (a session per browser and device; old ones expire). */
export const SESSIONS_LISTED = 50;

/**
 * Refuses (400 naming `path`) unless `password` is the account's current one: what a change of the password or the
 * e-mail, or a deletion, asks first (docs/decisions/0067, 0074).
 */
export async function checkCurrentPassword(user: UserRow, password: string, path: string): Promise<void> {
  if (await verifyPassword(password, user.password_hash)) return;
  throw new DomainError('invalid', m.currentPasswordWrong, {
    code: 'CURRENT_PASSWORD_WRONG',
    fields: [{ path, message: m.currentPasswordWrong }],
  });
}

export function createOwnAccount({ db, clock, sessionCache }: { db: Kysely<DB>; clock: Clock; sessionCache: SessionCache }) {
  async function rename(user: UserRow, name: string): Promise<AccountResponse> {
    const row = await db
      .updateTable('users')
      .set({ name, updated_at: sql`now()` })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    sessionCache.forgetUser(user.id);
    return { user: toSessionUser(row) };
  }

  async function changePassword(user: UserRow, sessionId: string, body: ChangePasswordBody): Promise<{ message: string }> {
    await checkCurrentPassword(user, body.current_password, 'body.current_password');
    const newHash = await hashPassword(body.new_password);
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await replacePassword(trx, user.id, user.password_hash, newHash))) return false;
      await trx
        .updateTable('sessions')
        .set({ revoked_at: clock.now() })
        .where('user_id', '=', user.id)
        .where('id', '!=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      return true;
    });
    sessionCache.forgetUser(user.id);
    // Another change (or a reset) replaced the hash first: this one was checked against a password that is gone.
    if (!changed) throw new DomainError('conflict', m.currentPasswordWrong, { code: 'CURRENT_PASSWORD_WRONG' });
    return { message: m.passwordChanged };
  }

  async function sessions(user: UserRow, sessionId: string): Promise<SessionsResponse> {
    const rows = await db
      .selectFrom('sessions')
      .select(['id', 'app', 'created_at', 'expires_at'])
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', clock.now())
      .orderBy('created_at', 'desc')
      .limit(SESSIONS_LISTED)
      .execute();
    return {
      sessions: rows.map((r) => ({
        id: r.id,
        app: r.app,
        created_at: r.created_at.toISOString(),
        expires_at: r.expires_at.toISOString(),
        current: r.id === sessionId,
      })),
    };
  }

  async function endSession(user: UserRow, id: string): Promise<void> {
    const ended = await db
      .updateTable('sessions')
      .set({ revoked_at: clock.now() })
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 0)
      throw new DomainError('not_found', m.sessionNotFound, { code: 'SESSION_NOT_FOUND' });
    sessionCache.forgetSession(id);
  }

  return { me: (user: UserRow): AccountResponse => ({ user: toSessionUser(user) }), rename, changePassword, sessions, endSession };
}

export type OwnAccount = ReturnType<typeof createOwnAccount>;
