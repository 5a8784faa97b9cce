/**
 * The account e-mails: verification after sign-up and password reset. Plain text plus a minimal HTML part;
 * every dynamic value is escaped in the HTML.
 */
import type { MailMessage } from './mailer.js';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function render(
  to: string,
  subject: string,
  name: string,
  lines: string[],
  action: string,
  link: string,
): MailMessage {
  const text = [`Hello ${name},`, '', ...lines, '', link, '', 'The Bindery team'].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>`,
    '<p>The Bindery team</p>',
  ].join('\n');
  return { to, subject, text, html, link };
}

/** A mail whose link is a one-time secret: the outbox keeps the link only until it is sent (ADR 0083). */
const secret = (mail: MailMessage): MailMessage => ({ ...mail, secretLink: true });

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return secret(
    render(
      to,
      'Verify your email address',
      name,
      [
        'Thanks for signing up for Bindery. Please confirm your email address by opening the link below.',
        'The link is valid for 3 days and works once. If you did not sign up, you can ignore this email.',
      ],
      'Verify my email',
      link,
    ),
  );
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return secret(
    render(
      to,
      'Reset your Bindery password',
      name,
      [
        'We received a request to reset the password of your Bindery account. Open the link below to choose a new one.',
        'The link is valid for 1 hour and works once. If you did not ask for this, you can ignore this email: your password stays unchanged.',
      ],
      'Choose a new password',
      link,
    ),
  );
}

/**
 * Sent instead of a second account when someone signs up with an address that already has one: the sign-up
 * answer is the same either way (docs/decisions/0025), so only the mailbox's owner learns what happened.
 */
export function accountExistsMail(
  to: string,
  name: string,
  loginLink: string,
  resetLink: string,
): MailMessage {
  return render(
    to,
    'Someone tried to sign up with your email address',
    name,
    [
      'Someone tried to register a new Bindery account with your email address, which already has an account.',
      `If it was you, log in at ${loginLink}, or reset your password with the link below if you have forgotten it.`,
      'If it was not you, you can ignore this email: your account is unchanged.',
    ],
    'Reset my password',
    resetLink,
  );
}

/** An e-mail change (docs/decisions/0074): the link to the NEW address, which alone changes the login e-mail. */
export function emailChangeMail(to: string, name: string, link: string): MailMessage {
  return secret(
    render(
      to,
      'Confirm your new Bindery email address',
      name,
      [
        'You asked to use this address to log in to your Bindery account. Open the link below to confirm it.',
        'The link is valid for 24 hours and works once. Until you open it, your account keeps its current address. If you did not ask for this, you can ignore this email.',
      ],
      'Confirm my new email',
      link,
    ),
  );
}

/** Told to the CURRENT address when a change to `newEmail` is asked for (the change waits for the new one's link). */
export function emailChangeNoticeMail(
  to: string,
  name: string,
  newEmail: string,
  resetLink: string,
): MailMessage {
  return render(
    to,
    'Your Bindery email address is about to change',
    name,
    [
      `Someone signed in to your Bindery account asked to change its login email to ${newEmail}. It changes only when the link we sent to that address is opened.`,
      'If this was you, there is nothing to do here. If it was not, reset your password with the link below: that ends every session and the pending change cannot be confirmed.',
    ],
    'Reset my password',
    resetLink,
  );
}

/**
 * Sent to the new address instead of a link when it already has an account: the answer to the request is the same
 * either way (as sign-up's, docs/decisions/0025), so only this mailbox's owner learns of the attempt.
 */
export function emailInUseMail(to: string, name: string, loginLink: string): MailMessage {
  return render(
    to,
    'Someone tried to move a Bindery account to your email address',
    name,
    [
      'Someone asked to change the login email of another Bindery account to this address, which already has an account of its own. Nothing was changed.',
      'If it was you, log in to this account with the link below. If it was not, you can ignore this email.',
    ],
    'Log in',
    loginLink,
  );
}
