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

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return render(
    to,
    'Verify your email address',
    name,
    [
      'Thanks for signing up for Bindery. Please confirm your email address by opening the link below.',
      'The link is valid for 3 days and works once. If you did not sign up, you can ignore this email.',
    ],
    'Verify my email',
    link,
  );
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return render(
    to,
    'Reset your Bindery password',
    name,
    [
      'We received a request to reset the password of your Bindery account. Open the link below to choose a new one.',
      'The link is valid for 1 hour and works once. If you did not ask for this, you can ignore this email: your password stays unchanged.',
    ],
    'Choose a new password',
    link,
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
