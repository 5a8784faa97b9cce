/**
 * Sessions: login, token refresh and logout.
 * - Login answers one text for every failure (unknown e-mail, wrong password, unverified, deleted), and
 *   costs the same scrypt time in each case, so neither the answer nor its timing reveals an account.
 * - Access tokens are short-lived JWTs (auth.ts). Refresh tokens are opaque random strings, stored hashed,
 *   single-use and rotated: each refresh marks its token used and issues the next one of the same family.
 *   Presenting a used token again (outside a short grace period) means it was copied: the whole family is
 *   revoked, so the thief and the victim both have to log in again (OAuth 2.0 Security BCP §4.14.2).
 * - Logout revokes the family of the token it is given.
 * @see https://datatracker.ietf.org/doc/html/draft-ietf-oauth-security-topics#section-4.14.2
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SessionUser, StoreLoginBody, StoreLoginResponse, StoreTokenPair } from '@bindery/contracts/store/users';
import { messages } from '@bindery/contracts/messages';
import { dummyHash, verifyPassword } from '../../../lib/password.js';
import {
  deleteExpiredForUser,
  findRefreshToken,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeFamily,
} from './refresh-tokens.repository.js';
import { findUserByEmail, findUserById, recordLogin, type UserRow } from './users.repository.js';

/**
 * Two tabs (or a retried request) may present the same refresh token within moments of each other. Within
 * this window a used token still rotates (into a sibling of the same family) instead of counting as theft.
 */
export const REFRESH_REUSE_GRACE_MS = 15_000;

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export function toSessionUser(user: UserRow): SessionUser {
  return { id: user.id, name: user.name, email: user.email, is_admin: user.is_admin };
}

async function issuePair(app: FastifyInstance, user: UserRow, familyId: string, db = app.db): Promise<StoreTokenPair> {
  const refresh = randomBytes(32).toString('base64url');
  await insertRefreshToken(db, {
    user_id: user.id,
    family_id: familyId,
    token_hash: digest(refresh),
    expires_at: new Date(Date.now() + app.config.refreshTokenTtlDays * 24 * 60 * 60 * 1000),
  });
  return {
    access: app.issueAccessToken(user),
    refresh,
    access_expires_in: app.config.accessTokenTtlMinutes * 60,
  };
}

export async function login(app: FastifyInstance, body: StoreLoginBody): Promise<StoreLoginResponse> {
  const user = await findUserByEmail(app.db, body.email);
  // Always run one scrypt verification, against a dummy hash when there is no account.
  const passwordOk = await verifyPassword(body.password, user?.password_hash ?? (await dummyHash));
  if (!user || !passwordOk || !user.is_verified || user.deleted_at !== null) {
    throw app.httpErrors.unauthorized(messages.auth.invalidOrUnverified);
  }
  await deleteExpiredForUser(app.db, user.id);
  await recordLogin(app.db, user.id);
  const pair = await issuePair(app, user, randomUUID());
  return { ...pair, user: toSessionUser(user) };
}

type RefreshOutcome = { ok: true; pair: StoreTokenPair } | { ok: false; reason: string };

export async function refresh(app: FastifyInstance, token: string): Promise<StoreTokenPair> {
  const outcome = await app.db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const row = await findRefreshTokenForUpdate(trx, digest(token));
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
    if (new Date(row.expires_at).getTime() <= Date.now()) return { ok: false, reason: 'expired' };
    if (row.used_at !== null && Date.now() - new Date(row.used_at).getTime() > REFRESH_REUSE_GRACE_MS) {
      // Committed even though the caller gets a 401: that is the point of reuse detection.
      await revokeFamily(trx, row.family_id);
      return { ok: false, reason: 'reused' };
    }
    const user = await findUserById(trx, row.user_id);
    if (!user || user.deleted_at !== null || !user.is_verified) {
      await revokeFamily(trx, row.family_id);
      return { ok: false, reason: 'account' };
    }
    await markRefreshTokenUsed(trx, row.id);
    return { ok: true, pair: await issuePair(app, user, row.family_id, trx) };
  });
  if (!outcome.ok) {
    if (outcome.reason === 'reused') app.log.warn('refresh token reused after rotation: session family revoked');
    throw app.httpErrors.unauthorized(messages.generic.sessionExpired);
  }
  return outcome.pair;
}

/** Ends the session the token belongs to. Unknown tokens are ignored (logging out twice is fine). */
export async function logout(app: FastifyInstance, token: string): Promise<void> {
  const row = await findRefreshToken(app.db, digest(token));
  if (row) await revokeFamily(app.db, row.family_id);
}
