/**
 * Account life cycle: sign-up with e-mail verification, password reset, and (admin) listing and deletion.
 * The links in the mails carry stateless signed tokens (lib/email-token.ts) and point at the web app.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AdminListUsersResponse } from '@bindery/contracts/admin/users';
import type { StoreMessageResponse, StoreRegisterBody } from '@bindery/contracts/store/users';
import { messages } from '@bindery/contracts/messages';
import { checkEmailToken, decodeUid, emailTokenKey, encodeUid, makeEmailToken, type EmailTokenPurpose } from '../../../lib/email-token.js';
import { decodeCursor, toPage } from '../../../lib/keyset.js';
import { hashPassword } from '../../../lib/password.js';
import type { DB } from '../../../db/database.js';
import { accountExistsMail, passwordResetMail, verificationMail } from '../mail/templates.js';
import { revokeUserSessions } from './sessions.repository.js';
import {
  anonymiseUser,
  findUserByEmail,
  findUserById,
  countActiveUsers,
  insertUser,
  listActiveUsers,
  markVerified,
  removeUnverifiedUser,
  replacePassword,
  type UserRow,
} from './users.repository.js';

const m = messages.auth;

/** PostgreSQL's unique_violation: two sign-ups with one address raced past the look-up. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

const keys = new WeakMap<FastifyInstance, Buffer>();
function tokenKey(app: FastifyInstance): Buffer {
  let key = keys.get(app);
  if (!key) keys.set(app, (key = emailTokenKey(app.config.jwtSecret)));
  return key;
}

/** The web app's link for a flow: {PUBLIC_WEB_URL}/verify-email/{uidb64}/{token} or /reset-password/…. */
export function emailLink(app: FastifyInstance, purpose: EmailTokenPurpose, user: UserRow, nowMs = Date.now()): string {
  return `${app.config.webUrl}/${purpose}/${encodeUid(user.id)}/${makeEmailToken(tokenKey(app), purpose, user, nowMs)}`;
}

/** The account a link names, if its token is valid for it right now; undefined otherwise. */
async function userFromLink(app: FastifyInstance, purpose: EmailTokenPurpose, uidb64: string, token: string) {
  const id = decodeUid(uidb64);
  const user = id === undefined ? undefined : await findUserById(app.db, id);
  if (!user || user.deleted_at !== null) return undefined;
  return checkEmailToken(tokenKey(app), purpose, user, token) ? user : undefined;
}

type RegisterOutcome = { ok: true; body: StoreMessageResponse } | { ok: false; mailFailed: true };
const registered = (): RegisterOutcome => ({ ok: true, body: { message: m.registered } });

/**
 * Sign-up. The answer never tells whether the address already has an account (issue 11.8,
 * docs/decisions/0025): a new address gets the account and its verification mail, a taken one gets a mail to its
 * owner instead ("someone tried to register…"), and both answer the spec's success text. Both paths cost one
 * scrypt hash and one awaited mail, so the timing does not tell either.
 *
 * `mailFailed` (nothing was created or the account was removed again) is a result, not a thrown error, because
 * the error model turns thrown 5xx into a generic 500 and this one must say what happened
 * (503 + messages.auth.verificationMailFailed). It is the same for both paths.
 */
export async function register(app: FastifyInstance, body: StoreRegisterBody): Promise<RegisterOutcome> {
  const existing = await findUserByEmail(app.db, body.email);
  // Hashed even when unused, so a taken address answers as slowly as a new one.
  const password_hash = await hashPassword(body.password);
  if (existing) return mailExistingOwner(app, existing);
  let user: UserRow;
  try {
    user = await insertUser(app.db, { name: body.name, email: body.email, password_hash });
  } catch (error) {
    // Two sign-ups with one address raced past the look-up: the other one made the account.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(app.db, body.email);
    return winner ? mailExistingOwner(app, winner) : registered();
  }
  try {
    await app.mailer.send(verificationMail(user.email, user.name, emailLink(app, 'verify-email', user)));
  } catch (error) {
    // Without the mail the account could never be verified: undo the sign-up so the person can retry.
    app.log.error({ err: error, userId: user.id }, 'verification mail failed; sign-up undone');
    await removeUnverifiedUser(app.db, user.id);
    return { ok: false, mailFailed: true };
  }
  return registered();
}

/** The taken-address path of register: nothing changes in the account, its owner hears of the attempt. */
async function mailExistingOwner(app: FastifyInstance, owner: UserRow): Promise<RegisterOutcome> {
  // A deleted account's row keeps only an undeliverable .invalid address: nobody to tell.
  if (owner.deleted_at !== null) return registered();
  try {
    await app.mailer.send(accountExistsMail(owner.email, owner.name, `${app.config.webUrl}/login`, `${app.config.webUrl}/reset-password`));
  } catch (error) {
    app.log.error({ err: error, userId: owner.id }, 'account-exists mail failed');
    return { ok: false, mailFailed: true };
  }
  return registered();
}

export async function verifyEmail(app: FastifyInstance, uidb64: string, token: string): Promise<StoreMessageResponse> {
  const user = await userFromLink(app, 'verify-email', uidb64, token);
  // markVerified is a compare-and-swap: of two simultaneous clicks only one succeeds.
  if (!user || !(await markVerified(app.db, user.id))) throw app.httpErrors.badRequest(m.verifyFailed);
  return { message: m.verified };
}

/**
 * Answers the same, at the same speed, whether or not the address has an account: the mail goes out in the
 * background, so neither the body nor the timing tells an attacker anything.
 */
export async function requestPasswordReset(app: FastifyInstance, email: string): Promise<StoreMessageResponse> {
  const user = await findUserByEmail(app.db, email);
  if (user && user.deleted_at === null) {
    app.sendMailInBackground(passwordResetMail(user.email, user.name, emailLink(app, 'reset-password', user)));
  }
  return { message: m.resetRequested };
}

export async function resetPassword(
  app: FastifyInstance,
  uidb64: string,
  token: string,
  password: string,
): Promise<StoreMessageResponse> {
  const user = await userFromLink(app, 'reset-password', uidb64, token);
  if (!user) throw app.httpErrors.badRequest(m.resetLinkInvalid);
  const newHash = await hashPassword(password);
  const replaced = await app.db.transaction().execute(async (trx) => {
    if (!(await replacePassword(trx, user.id, user.password_hash, newHash))) return false;
    await revokeUserSessions(trx, user.id, app.clock.now());
    return true;
  });
  // Lost the race against another use of the same link: that one changed the hash first.
  if (!replaced) throw app.httpErrors.badRequest(m.resetLinkInvalid);
  app.sessionCache.forgetUser(user.id);
  return { message: m.resetSuccess };
}

/** GET api/users/admin/users/: one keyset page of the accounts and how many match (docs/decisions/0019). */
export async function listUsers(
  db: Kysely<DB>,
  { q, limit, cursor }: { q?: string; limit: number; cursor?: string },
): Promise<AdminListUsersResponse> {
  const after = decodeCursor(cursor, UserCursor);
  const [rows, total] = await Promise.all([
    listActiveUsers(db, { q, limit, afterId: after?.[0] }),
    countActiveUsers(db, q),
  ]);
  const { rows: pageRows, next_cursor } = toPage(rows, limit, (u) => [u.id]);
  return {
    data: pageRows.map((u) => ({ id: u.id, name: u.name, email: u.email, is_verified: u.is_verified, is_admin: u.is_admin })),
    next_cursor,
    total,
  };
}

/** The last account of a page (ids only grow: newest first is id descending). */
const UserCursor = z.tuple([z.number().int().positive()]);

export async function deleteUser(app: FastifyInstance, id: number): Promise<void> {
  const user = await findUserById(app.db, id);
  if (!user || user.deleted_at !== null) throw app.httpErrors.notFound(messages.admin.userNotFound);
  if (user.is_admin) throw app.httpErrors.forbidden(messages.admin.cannotDeleteAdmin);
  const deleted = await app.db.transaction().execute(async (trx) => {
    if (!(await anonymiseUser(trx, id))) return false;
    await revokeUserSessions(trx, id, app.clock.now());
    return true;
  });
  // Promoted to admin or deleted by someone else between the read and the write.
  if (!deleted) throw app.httpErrors.conflict(messages.admin.deleteUserFailed);
  app.sessionCache.forgetUser(id);
}
