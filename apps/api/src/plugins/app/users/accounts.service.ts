/**
 * Account life cycle: sign-up with e-mail verification (and a resent link), password reset, (admin) listing, and
 * deletion by staff or by the customer with their password (docs/decisions/0008, 0074).
 * The links in the mails carry stateless signed tokens (lib/email-token.ts) and point at the web app.
 *
 * `createAccounts({ db, outbox, clock, sessionCache, config })` returns plain functions
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
import { hashPassword } from '#lib/password.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { accountExistsMail, passwordResetMail, verificationMail } from '../mail/templates.js';
import type { AccountLeaving } from './account-deletion.js';
import { deleteAllAddresses } from './addresses.repository.js';
import { checkCurrentPassword } from './own-account.js';
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
  replacePassword,
  type UserRow,
} from './users.repository.js';

const m = messages.auth;

/** PostgreSQL's unique_violation: two sign-ups with one address raced past the look-up. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

const registered = (): StoreMessageResponse => ({ message: m.registered });

/** The last account of a page (ids only grow: newest first is id descending). */
const UserCursor = z.tuple([z.number().int().positive()]);

export interface AccountsDeps {
  db: Kysely<DB>;
  /** The lists' counts, reused until this instance writes users (db/count-cache.ts). */
  counts: CountCache;
  /**
   * Where every mail goes (ADR 0068): written with the change it announces, delivered after the commit and
   * retried while the mail server is away.
   */
  outbox: Pick<MailOutbox, 'enqueue' | 'deliver' | 'sendLater' | 'forgetAccountMailWithin'>;
  clock: Clock;
  /** This instance's short cache of session reads: forgotten for a user whose sessions end. */
  sessionCache: Pick<SessionCache, 'forgetUser'>;
  config: { webUrl: string; jwtSecret: string };
  /**
   * What else a deletion ends: unpaid orders canceled, drafts and their files removed (account-deletion.ts, ADR
   * 0074). Absent where no orders or projects module is built (a script): only the account row and sessions.
   */
  leaving?: AccountLeaving;
}

export type Accounts = ReturnType<typeof createAccounts>;

export function createAccounts({ db, counts, outbox, clock, sessionCache, config, leaving }: AccountsDeps) {
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
   * Sign-up. The answer never tells whether the address already has an account (docs/decisions/0025): a new
   * address gets the account and its verification mail, a taken one gets a mail to its owner instead ("someone
   * tried to register…"), and both answer the spec's success text. Both paths cost one scrypt hash and one
   * awaited write of a mail to the outbox, so the timing does not tell either. The account and its verification
   * mail are written in one transaction: a mail server that is away delays the mail (the outbox retries it), it
   * never leaves an account without one (ADR 0068).
   */
  async function register(body: StoreRegisterBody): Promise<StoreMessageResponse> {
    const existing = await findUserByEmail(db, body.email);
    // Hashed even when unused, so a taken address answers as slowly as a new one.
    const password_hash = await hashPassword(body.password);
    if (existing) return mailExistingOwner(existing);
    let mailId: number | undefined;
    try {
      mailId = await db.transaction().execute(async (trx) => {
        const user = await insertUser(trx, { name: body.name, email: body.email, password_hash });
        const mail = verificationMail(user.email, user.name, emailLink('verify-email', user));
        return outbox.enqueue(trx, { kind: 'verify_email', ...mail });
      });
    } catch (error) {
      // Two sign-ups with one address raced past the look-up: the other one made the account.
      if (!isUniqueViolation(error)) throw error;
      const winner = await findUserByEmail(db, body.email);
      return winner ? mailExistingOwner(winner) : registered();
    }
    if (mailId !== undefined) outbox.deliver([mailId]);
    return registered();
  }

  /** The taken-address path of register: nothing changes in the account, its owner hears of the attempt. */
  async function mailExistingOwner(owner: UserRow): Promise<StoreMessageResponse> {
    // A deleted account's row keeps only an undeliverable .invalid address: nobody to tell.
    if (owner.deleted_at !== null) return registered();
    const mail = accountExistsMail(
      owner.email,
      owner.name,
      `${config.webUrl}/login`,
      `${config.webUrl}/reset-password`,
    );
    const mailId = await outbox.enqueue(db, { kind: 'account_exists', ...mail });
    if (mailId !== undefined) outbox.deliver([mailId]);
    return registered();
  }

  async function verifyEmail(uidb64: string, token: string): Promise<StoreMessageResponse> {
    const user = await userFromLink('verify-email', uidb64, token);
    // markVerified is a compare-and-swap: of two simultaneous clicks only one succeeds.
    if (!user || !(await markVerified(db, user.id))) throw new DomainError('invalid', m.verifyFailed);
    return { message: m.verified };
  }

  /**
   * Answers the same, at the same speed, whether or not the address has an account: the mail is written to the
   * outbox and sent in the background, so neither the body nor the timing tells an attacker anything.
   */
  async function requestPasswordReset(email: string): Promise<StoreMessageResponse> {
    const user = await findUserByEmail(db, email);
    if (user && user.deleted_at === null) {
      const mail = passwordResetMail(user.email, user.name, emailLink('reset-password', user));
      outbox.sendLater({ kind: 'password_reset', ...mail });
    }
    return { message: m.resetRequested };
  }

  /**
   * A new verification link for an account that is still unverified (the first mail was lost, or its link expired).
   * Like a reset request, the answer and its timing are the same for an unknown, a verified and a waiting address
   * (docs/decisions/0059); the mail is written and sent in the background, as the reset mail is.
   */
  async function resendVerification(email: string): Promise<StoreMessageResponse> {
    const user = await findUserByEmail(db, email);
    if (user && user.deleted_at === null && !user.is_verified) {
      const mail = verificationMail(user.email, user.name, emailLink('verify-email', user));
      outbox.sendLater({ kind: 'verify_email', ...mail });
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

  /** DELETE api/users/admin/users/{id}/delete/: the account deleted (ADR 0008, 0074); `staff` is who did it. */
  async function deleteUser(id: number, staff?: { id: number; name: string }): Promise<void> {
    const user = await findUserById(db, id);
    if (!user || user.deleted_at !== null) throw new DomainError('not_found', messages.admin.userNotFound);
    if (user.is_admin) throw new DomainError('forbidden', messages.admin.cannotDeleteAdmin);
    const actor = staff
      ? { type: 'staff' as const, userId: staff.id, label: staff.name }
      : { type: 'system' as const, userId: null, label: messages.orders.systemActor };
    // Promoted to admin or deleted by someone else between the read and the write.
    if (!(await close(id, actor))) throw new DomainError('conflict', messages.admin.deleteUserFailed);
  }

  /** DELETE api/users/me/ {password}: the customer deletes their own account (ADR 0074). */
  async function deleteOwnAccount(user: UserRow, password: string): Promise<void> {
    await checkCurrentPassword(user, password, 'body.password');
    if (user.is_admin) throw new DomainError('forbidden', messages.admin.cannotDeleteAdmin);
    // The timeline names no one: the account's name is what the deletion removes.
    const actor = { type: 'customer' as const, userId: user.id, label: messages.account.deletedCustomer };
    if (!(await close(user.id, actor))) throw new DomainError('conflict', messages.admin.deleteUserFailed);
  }

  /**
   * One transaction: the row anonymised (the one anonymisation, `anonymiseUser`; it refuses admins and deleted
   * accounts: false), every session revoked, then what `leaving` ends. Its effects after the commit.
   */
  async function close(id: number, actor: Parameters<AccountLeaving['within']>[2]): Promise<boolean> {
    const outcome = await db.transaction().execute(async (trx) => {
      const address = (await findUserById(trx, id))?.email;
      if (address === undefined || !(await anonymiseUser(trx, id))) return undefined;
      // The account's own mails (links, notices) go with it; its orders' mails stay with the orders (ADR 0083).
      await outbox.forgetAccountMailWithin(trx, address);
      await revokeUserSessions(trx, id, clock.now());
      await deleteAllAddresses(trx, id);
      return leaving ? { left: await leaving.within(trx, id, actor) } : { left: undefined };
    });
    if (!outcome) return false;
    sessionCache.forgetUser(id);
    if (leaving && outcome.left) await leaving.after(outcome.left);
    return true;
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
    deleteOwnAccount,
  };
}
