/**
 * Changing the login e-mail (docs/decisions/0074). The request (POST api/users/me/email/, the password checked)
 * changes nothing yet: a link goes to the NEW address and a notice to the current one, both written to the outbox in
 * one transaction (ADR 0068). Only the link changes the address. A new address that already has an account gets,
 * instead of the link, a mail saying someone tried (as sign-up does, docs/decisions/0025): the answer and the mails
 * to the current address are the same either way, so the request does not tell whether an address is taken.
 *
 * The link's token is the stateless signed one of lib/email-token.ts (purpose 'confirm-email', 24 hours), bound to
 * the new address and to the account's current e-mail, password and token_version: it works once (the change moves
 * the e-mail it is bound to) and dies with a password change or reset. Plain functions (docs/decisions/0018).
 */
import { sql, type Kysely } from 'kysely';
import type { ChangeEmailBody } from '@bindery/contracts/store/account';
import { Email, type StoreMessageResponse } from '@bindery/contracts/store/users';
import { messages } from '@bindery/contracts/messages';
import type { DB } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import { checkEmailToken, decodeUid, emailTokenKey, encodeUid, makeEmailToken } from '#lib/email-token.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { emailChangeMail, emailChangeNoticeMail, emailInUseMail } from '../mail/templates.js';
import { checkCurrentPassword } from './own-account.js';
import type { SessionCache } from './session-cache.js';
import { findUserByEmail, findUserById, type UserRow } from './users.repository.js';

const m = messages.account;

/** PostgreSQL's unique_violation: the new address was taken between the request and the click. */
const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

const encodeEmail = (email: string) => Buffer.from(email, 'utf8').toString('base64url');

/** The address of a link's `emailb64`, or undefined when it is not one. */
function decodeEmail(emailb64: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(emailb64)) return undefined;
  const parsed = Email.safeParse(Buffer.from(emailb64, 'base64url').toString('utf8'));
  return parsed.success ? parsed.data : undefined;
}

export interface EmailChangeDeps {
  db: Kysely<DB>;
  outbox: Pick<MailOutbox, 'enqueue' | 'deliver'>;
  sessionCache: Pick<SessionCache, 'forgetUser'>;
  config: { webUrl: string; jwtSecret: string };
}

export function createEmailChange({ db, outbox, sessionCache, config }: EmailChangeDeps) {
  const tokenKey = emailTokenKey(config.jwtSecret);

  /** {PUBLIC_WEB_URL}/confirm-email/{uidb64}/{emailb64}/{token} */
  const confirmLink = (user: UserRow, newEmail: string) =>
    `${config.webUrl}/confirm-email/${encodeUid(user.id)}/${encodeEmail(newEmail)}/${makeEmailToken(tokenKey, 'confirm-email', { ...user, new_email: newEmail })}`;

  async function requestChange(user: UserRow, body: ChangeEmailBody): Promise<StoreMessageResponse> {
    await checkCurrentPassword(user, body.password, 'body.password');
    const newEmail = body.new_email;
    if (newEmail.toLowerCase() === user.email.trim().toLowerCase()) {
      throw new DomainError('invalid', m.emailUnchanged, {
        code: 'EMAIL_UNCHANGED',
        fields: [{ path: 'body.new_email', message: m.emailUnchanged }],
      });
    }
    const owner = await findUserByEmail(db, newEmail);
    const mailIds = await db.transaction().execute(async (trx) => {
      const notice = emailChangeNoticeMail(user.email, user.name, newEmail, `${config.webUrl}/reset-password`);
      const ids = [await outbox.enqueue(trx, { kind: 'email_change_notice', ...notice })];
      if (!owner) {
        const mail = emailChangeMail(newEmail, user.name, confirmLink(user, newEmail));
        ids.push(await outbox.enqueue(trx, { kind: 'email_change', ...mail }));
      } else if (owner.deleted_at === null) {
        // A deleted account's row keeps only an undeliverable .invalid address: nobody to tell.
        const mail = emailInUseMail(owner.email, owner.name, `${config.webUrl}/login`);
        ids.push(await outbox.enqueue(trx, { kind: 'email_in_use', ...mail }));
      }
      return ids.filter((id) => id !== undefined);
    });
    outbox.deliver(mailIds);
    return { message: m.emailChangeSent(newEmail) };
  }

  /** POST api/users/confirm-email/{uidb64}/{emailb64}/{token}/: the link from the new address's mail. */
  async function confirm(uidb64: string, emailb64: string, token: string): Promise<StoreMessageResponse> {
    const id = decodeUid(uidb64);
    const newEmail = decodeEmail(emailb64);
    const user = id === undefined ? undefined : await findUserById(db, id);
    const invalid = () => new DomainError('invalid', m.emailChangeLinkInvalid, { code: 'EMAIL_LINK_INVALID' });
    if (!user || user.deleted_at !== null || newEmail === undefined) throw invalid();
    if (!checkEmailToken(tokenKey, 'confirm-email', { ...user, new_email: newEmail }, token)) throw invalid();
    let changed: boolean;
    try {
      const result = await db
        .updateTable('users')
        // The link reached that mailbox: the new address is verified.
        .set({ email: newEmail, is_verified: true, updated_at: sql`now()` })
        .where('id', '=', user.id)
        // Compare-and-swap: of two clicks on one link only the first changes anything.
        .where('email', '=', user.email)
        .where('token_version', '=', user.token_version)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      changed = result.numUpdatedRows > 0n;
    } catch (error) {
      // Someone signed up with the address after the request: whoever opened the link owns that mailbox anyway.
      if (!isUniqueViolation(error)) throw error;
      throw new DomainError('conflict', m.emailTaken, { code: 'EMAIL_TAKEN' });
    }
    if (!changed) throw invalid();
    sessionCache.forgetUser(user.id);
    return { message: m.emailChanged(newEmail) };
  }

  return { requestChange, confirm };
}

export type EmailChange = ReturnType<typeof createEmailChange>;
