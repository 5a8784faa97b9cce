/**
 * Account life cycle: sign-up with e-mail verification (and a resent link), password reset, and (admin) listing and deletion.
 * The links in the mails carry stateless signed tokens (lib/email-token.ts) and point at the web app.
 *
 * `createAccounts({ db, mailer, sendInBackground, clock, sessionCache, log, config })` returns plain functions
 * (docs/decisions/0018): no Fastify; a refusal is a DomainError. users/accounts.plugin.ts wires it as
 * `app.accounts`.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AdminListUsersResponse } from '@bindery/contracts/admin/users';
import type { StoreMessageResponse, StoreRegisterBody } from '@bindery/contracts/store/users';
import { messages } from '@bindery/contracts/messages';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import type { CountCache } from '#db/count-cache.js';
import { DomainError } from '#lib/domain-error.js';
import {
  checkEmailToken,
  decodeUid,
  emailTokenKey,
  encodeUid,
  makeEmailToken,
  type EmailTokenPurpose,
} from '#lib/email-token.js';
import { decodeCursor, toPage } from '#lib/keyset.js';
import type { Logger } from '#lib/logger.js';
import { hashPassword } from '#lib/password.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { accountExistsMail, passwordResetMail, verificationMail } from '../mail/templates.js';
import type { SessionCache } from './session-cache.js';
import { revokeUserSessions } from './sessions.repository.js';
import {
  anonymiseUser,
  countActiveUsers,
  findUserByEmail,
  findUserById,
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

type RegisterOutcome = { ok: true; body: StoreMessageResponse } | { ok: false; mailFailed: true };
const registered = (): RegisterOutcome => ({ ok: true, body: { message: m.registered } });

/** The last account of a page (ids only grow: newest first is id descending). */
const UserCursor = z.tuple([z.number().int().positive()]);

export interface AccountsDeps {
  db: Kysely<DB>;
  /** The lists' counts, reused until this instance writes users (db/count-cache.ts). */
  counts: CountCache;
  /** Mails the caller waits for (sign-up's verification: without it the account could never be verified). */
  mailer: Mailer;
  /**
   * Sends without making the caller wait (so a reset request answers as fast for an unknown address as for a
   * known one); failures are the sender's to log.
   */
  sendInBackground: (message: MailMessage) => void;
  clock: Clock;
  /** This instance's short cache of session reads: forgotten for a user whose sessions end. */
  sessionCache: Pick<SessionCache, 'forgetUser'>;
  log: Pick<Logger, 'error'>;
  config: { webUrl: string; jwtSecret: string };
}

export type Accounts = ReturnType<typeof createAccounts>;

export function createAccounts({
  db,
  counts,
  mailer,
  sendInBackground,
  clock,
  sessionCache,
  log,
  config,
}: AccountsDeps) {
  const tokenKey = emailTokenKey(config.jwtSecret);

  /** The web app's link for a flow: {PUBLIC_WEB_URL}/verify-email/{uidb64}/{token} or /reset-password/…. */
  const emailLink = (purpose: EmailTokenPurpose, user: UserRow, nowMs = Date.now()): string =>
    `${config.webUrl}/${purpose}/${encodeUid(user.id)}/${makeEmailToken(tokenKey, purpose, user, nowMs)}`;

  /** The account a link names, if its token is valid for it right now; undefined otherwise. */
  async function userFromLink(purpose: EmailTokenPurpose, uidb64: string, token: string) {
    const id = decodeUid(uidb64);
    const user = id === undefined ? undefined : await findUserById(db, id);
    if (!user || user.deleted_at !== null) return undefined;
    return checkEmailToken(tokenKey, purpose, user, token) ? user : undefined;
  }

  /**
   * Sign-up. The answer never tells whether the address already has an account (docs/decisions/0025): a new address gets the account and its verification mail, a taken one gets a mail to its
   * owner instead ("someone tried to register…"), and both answer the spec's success text. Both paths cost one
   * scrypt hash and one awaited mail, so the timing does not tell either.
   *
   * `mailFailed` (nothing was created or the account was removed again) is a result, not a thrown error, because
   * the error model turns thrown 5xx into a generic 500 and this one must say what happened
   * (503 + messages.auth.verificationMailFailed). It is the same for both paths.
   */
  async function register(body: StoreRegisterBody): Promise<RegisterOutcome> {
    const existing = await findUserByEmail(db, body.email);
    // Hashed even when unused, so a taken address answers as slowly as a new one.
    const password_hash = await hashPassword(body.password);
    if (existing) return mailExistingOwner(existing);
    let user: UserRow;
    try {
      user = await insertUser(db, { name: body.name, email: body.email, password_hash });
    } catch (error) {
      // Two sign-ups with one address raced past the look-up: the other one made the account.
      if (!isUniqueViolation(error)) throw error;
      const winner = await findUserByEmail(db, body.email);
      return winner ? mailExistingOwner(winner) : registered();
    }
    try {
      await mailer.send(verificationMail(user.email, user.name, emailLink('verify-email', user)));
    } catch (error) {
      // Without the mail the account could never be verified: undo the sign-up so the person can retry.
      log.error({ err: error, userId: user.id }, 'verification mail failed; sign-up undone');
      await removeUnverifiedUser(db, user.id);
      return { ok: false, mailFailed: true };
    }
    return registered();
  }

  /** The taken-address path of register: nothing changes in the account, its owner hears of the attempt. */
  async function mailExistingOwner(owner: UserRow): Promise<RegisterOutcome> {
    // A deleted account's row keeps only an undeliverable .invalid address: nobody to tell.
    if (owner.deleted_at !== null) return registered();
    try {
      await mailer.send(
        accountExistsMail(
          owner.email,
          owner.name,
          `${config.webUrl}/login`,
          `${config.webUrl}/reset-password`,
        ),
      );
    } catch (error) {
      log.error({ err: error, userId: owner.id }, 'account-exists mail failed');
      return { ok: false, mailFailed: true };
    }
    return registered();
  }

  async function verifyEmail(uidb64: string, token: string): Promise<StoreMessageResponse> {
    const user = await userFromLink('verify-email', uidb64, token);
    // markVerified is a compare-and-swap: of two simultaneous clicks only one succeeds.
    if (!user || !(await markVerified(db, user.id))) throw new DomainError('invalid', m.verifyFailed);
    return { message: m.verified };
  }

  /**
   * Answers the same, at the same speed, whether or not the address has an account: the mail goes out in the
   * background, so neither the body nor the timing tells an attacker anything.
   */
  async function requestPasswordReset(email: string): Promise<StoreMessageResponse> {
    const user = await findUserByEmail(db, email);
    if (user && user.deleted_at === null) {
      sendInBackground(passwordResetMail(user.email, user.name, emailLink('reset-password', user)));
    }
    return { message: m.resetRequested };
  }

  /**
   * A new verification link for an account that is still unverified (the first mail was lost, or its link expired).
   * Like a reset request, the answer and its timing are the same for an unknown, a verified and a waiting address
   * (docs/decisions/0059); the mail goes out in the background, as the reset mail does.
   */
  async function resendVerification(email: string): Promise<StoreMessageResponse> {
    const user = await findUserByEmail(db, email);
    if (user && user.deleted_at === null && !user.is_verified) {
      sendInBackground(verificationMail(user.email, user.name, emailLink('verify-email', user)));
    }
    return { message: m.verificationResent };
  }

  async function resetPassword(
    uidb64: string,
    token: string,
    password: string,
  ): Promise<StoreMessageResponse> {
    const user = await userFromLink('reset-password', uidb64, token);
    if (!user) throw new DomainError('invalid', m.resetLinkInvalid);
    const newHash = await hashPassword(password);
    const replaced = await db.transaction().execute(async (trx) => {
      if (!(await replacePassword(trx, user.id, user.password_hash, newHash))) return false;
      await revokeUserSessions(trx, user.id, clock.now());
      return true;
    });
    // Lost the race against another use of the same link: that one changed the hash first.
    if (!replaced) throw new DomainError('invalid', m.resetLinkInvalid);
    sessionCache.forgetUser(user.id);
    return { message: m.resetSuccess };
  }

  /** GET api/users/admin/users/: one keyset page of the accounts and how many match (docs/decisions/0019). */
  async function listUsers({
    q,
    limit,
    cursor,
  }: {
    q?: string;
    limit: number;
    cursor?: string;
  }): Promise<AdminListUsersResponse> {
    const after = decodeCursor(cursor, UserCursor);
    const [rows, total] = await Promise.all([
      listActiveUsers(db, { q, limit, afterId: after?.[0] }),
      counts.count(`active-users:${q ?? ''}`, ['users'], () => countActiveUsers(db, q)),
    ]);
    const { rows: pageRows, next_cursor } = toPage(rows, limit, (u) => [u.id]);
    return {
      data: pageRows.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        is_verified: u.is_verified,
        is_admin: u.is_admin,
      })),
      next_cursor,
      total,
    };
  }

  /** DELETE api/users/admin/users/{id}/delete/: the account anonymised and its sessions ended (ADR 0008). */
  async function deleteUser(id: number): Promise<void> {
    const user = await findUserById(db, id);
    if (!user || user.deleted_at !== null) throw new DomainError('not_found', messages.admin.userNotFound);
    if (user.is_admin) throw new DomainError('forbidden', messages.admin.cannotDeleteAdmin);
    const deleted = await db.transaction().execute(async (trx) => {
      if (!(await anonymiseUser(trx, id))) return false;
      await revokeUserSessions(trx, id, clock.now());
      return true;
    });
    // Promoted to admin or deleted by someone else between the read and the write.
    if (!deleted) throw new DomainError('conflict', messages.admin.deleteUserFailed);
    sessionCache.forgetUser(id);
  }

  return {
    emailLink,
    register,
    verifyEmail,
    resendVerification,
    requestPasswordReset,
    resetPassword,
    listUsers,
    deleteUser,
  };
}
