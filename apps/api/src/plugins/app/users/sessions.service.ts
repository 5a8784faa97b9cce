/**
 * Sessions: login, token refresh and logout (docs/decisions/0009, 0025).
 * - Login answers one text for every failure (unknown e-mail, wrong password, unverified, deleted), and
 *   costs the same scrypt time in each case, so neither the answer nor its timing reveals an account.
 * - A login opens a session (a `sessions` row). Its access tokens are short-lived JWTs that carry the session id
 *   (`sid`, see auth.ts), so revoking the session ends them at once. Its refresh tokens are opaque random
 *   strings, stored hashed, single-use and rotated: each refresh marks its token used and issues the next one of
 *   the same session. Presenting a used token again (outside a short grace period) means it was copied: the
 *   session is revoked, so the thief and the victim both have to log in again (OAuth 2.0 Security BCP §4.14.2).
 * - Logout revokes the session; a password change or a deletion revokes all of a user's (accounts.service.ts).
 * - A session belongs to the app that opened it (docs/decisions/0052): the shop's login opens 'shop' sessions, the
 *   admin app's login 'admin' ones, and only for an admin account. A refresh renews only a session of the app it
 *   is asked for, and an admin session only while the account is still an admin.
 * A factory of its dependencies (docs/decisions/0018); the routes put the tokens on the wire.
 * @see https://datatracker.ietf.org/doc/html/draft-ietf-oauth-security-topics#section-4.14.2
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionUser, StoreLoginBody } from '@bindery/contracts/store/users';
import { messages } from '@bindery/contracts/messages';
import type { DB, SessionApp } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import type { SessionCache } from './session-cache.js';
import { dummyHash, verifyPassword } from '#lib/password.js';
import {
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRefreshTokenUsed,
} from './refresh-tokens.repository.js';
import { deleteExpiredSessions, extendSession, insertSession, revokeSession } from './sessions.repository.js';
import { findUserByEmail, findUserById, recordLogin, type UserRow } from './users.repository.js';

/**
 * Two tabs (or a retried request) may present the same refresh token within moments of each other. Within
 * this window a used token still rotates (into a sibling of the same session) instead of counting as theft.
 */
export const REFRESH_REUSE_GRACE_MS = 15_000;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export function toSessionUser(user: UserRow): SessionUser {
  return { id: user.id, name: user.name, email: user.email, is_admin: user.is_admin };
}

/** What a login or a refresh hands out; the routes decide where each part travels. */
export interface IssuedSession {
  sessionId: string;
  /** Bearer JWT bound to the session. */
  access: string;
  /** Seconds until `access` expires. */
  accessExpiresIn: number;
  /** The next single-use refresh token (opaque). */
  refresh: string;
  /** When `refresh` expires (the cookie's Expires). */
  refreshExpiresAt: Date;
  user: SessionUser;
}

export interface SessionsDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: { accessTokenTtlMinutes: number; refreshTokenTtlDays: number };
  /** Signs an access token for the user and session (auth.ts). */
  signAccessToken: (user: Pick<UserRow, 'id' | 'token_version'>, sessionId: string) => string;
  /** Told of each session this instance revokes, so it stops passing that session's access tokens at once. */
  cache?: Pick<SessionCache, 'forgetSession'>;
  log?: { warn: (msg: string) => void };
}

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions({ db, clock, config, signAccessToken, cache, log }: SessionsDeps) {
  const refreshTtlMs = config.refreshTokenTtlDays * 24 * 60 * 60 * 1000;

  async function issue(
    trx: Kysely<DB>,
    user: UserRow,
    sessionId: string,
    refreshExpiresAt: Date,
  ): Promise<IssuedSession> {
    const refresh = randomBytes(32).toString('base64url');
    await insertRefreshToken(trx, {
      user_id: user.id,
      family_id: sessionId,
      token_hash: digest(refresh),
      expires_at: refreshExpiresAt,
    });
    return {
      sessionId,
      access: signAccessToken(user, sessionId),
      accessExpiresIn: config.accessTokenTtlMinutes * 60,
      refresh,
      refreshExpiresAt,
      user: toSessionUser(user),
    };
  }

  /**
   * Opens a session of `app` for valid credentials of a verified, live account. The admin app's login refuses an
   * account that is not an admin (403) and opens nothing for it.
   */
  async function login(body: StoreLoginBody, app: SessionApp = 'shop'): Promise<IssuedSession> {
    const user = await findUserByEmail(db, body.email);
    // Always run one scrypt verification, against a dummy hash when there is no account.
    const passwordOk = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash()));
    if (!user || !passwordOk || !user.is_verified || user.deleted_at !== null) {
      throw new DomainError('unauthorized', messages.auth.invalidOrUnverified);
    }
    if (app === 'admin' && !user.is_admin)
      throw new DomainError('forbidden', messages.admin.notAnAdmin, { code: 'NOT_AN_ADMIN' });
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      await deleteExpiredSessions(trx, user.id, now);
      await recordLogin(trx, user.id);
      const sessionId = randomUUID();
      const expiresAt = new Date(now.getTime() + refreshTtlMs);
      await insertSession(trx, { id: sessionId, user_id: user.id, expires_at: expiresAt, app });
      return issue(trx, user, sessionId, expiresAt);
    });
  }

  type Outcome =
    | { ok: true; issued: IssuedSession }
    | { ok: false; reason: 'reused' | 'account'; sessionId: string }
    | { ok: false; reason: 'unknown' | 'revoked' | 'expired' };

  /**
   * Trades a refresh token for the next one and a new access token of the same session. A token of another app's
   * session is unknown here (its own app's cookie is the only way to renew it); an admin session whose account is
   * no longer an admin is ended.
   */
  async function refresh(token: string, app: SessionApp = 'shop'): Promise<IssuedSession> {
    const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      const row = await findRefreshTokenForUpdate(trx, digest(token));
      const now = clock.now();
      if (!row || row.session_app !== app) return { ok: false, reason: 'unknown' };
      if (row.session_revoked_at !== null) return { ok: false, reason: 'revoked' };
      if (new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      if (row.used_at !== null && now.getTime() - new Date(row.used_at).getTime() > REFRESH_REUSE_GRACE_MS) {
        // Committed even though the caller gets a 401: that is the point of reuse detection.
        await revokeSession(trx, row.family_id, now);
        return { ok: false, reason: 'reused', sessionId: row.family_id };
      }
      const user = await findUserById(trx, row.user_id);
      if (!user || user.deleted_at !== null || !user.is_verified || (app === 'admin' && !user.is_admin)) {
        await revokeSession(trx, row.family_id, now);
        return { ok: false, reason: 'account', sessionId: row.family_id };
      }
      await markRefreshTokenUsed(trx, row.id, now);
      // The session lives as long as its newest refresh token (sliding).
      const expiresAt = new Date(now.getTime() + refreshTtlMs);
      await extendSession(trx, row.family_id, expiresAt);
      return { ok: true, issued: await issue(trx, user, row.family_id, expiresAt) };
    });
    if (!outcome.ok) {
      if (outcome.reason === 'reused' || outcome.reason === 'account')
        cache?.forgetSession(outcome.sessionId);
      if (outcome.reason === 'reused') log?.warn('refresh token reused after rotation: session revoked');
      throw new DomainError('unauthorized', messages.generic.sessionExpired);
    }
    return outcome.issued;
  }

  /** Ends a session by its id (from the access token). Ending an ended session is fine. */
  async function endSession(sessionId: string): Promise<void> {
    await revokeSession(db, sessionId, clock.now());
    cache?.forgetSession(sessionId);
  }

  return { login, refresh, endSession };
}
