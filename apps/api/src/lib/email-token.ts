/**
 * The signed tokens in mailed links (/verify-email/{uidb64}/{token}, /reset-password/{uidb64}/{token},
 * /confirm-email/{uidb64}/{emailb64}/{token}: docs/decisions/0074).
 *
 * Stateless, like Django's PasswordResetTokenGenerator, but with the properties the spec asks for:
 * - signed: HMAC-SHA256 over purpose, user id, issue time and a fingerprint of the account's state, with a
 *   key derived from JWT_SECRET (HKDF, its own label, so a JWT signature can never double as one of these);
 * - expiring: the issue time is inside the token and checked against a per-purpose lifetime;
 * - single-use: the fingerprint covers what the link changes (is_verified for verification, the password
 *   hash for a reset) and what must kill it (password hash, e-mail, token_version), so the token stops
 *   matching the moment it has been used or the password changes.
 * Nothing needs storing, and a leaked database dump holds no usable link.
 * @see https://github.com/django/django/blob/main/django/contrib/auth/tokens.py
 */
import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type EmailTokenPurpose = 'verify-email' | 'reset-password' | 'confirm-email';

/** Lifetimes from the issue: verification 3 days, reset 1 hour; a new address's confirmation 24 hours (ADR 0074). */
export const EMAIL_TOKEN_TTL_SECONDS: Record<EmailTokenPurpose, number> = {
  'verify-email': 3 * 24 * 60 * 60,
  'reset-password': 60 * 60,
  'confirm-email': 24 * 60 * 60,
};

/** Tolerated clock difference for a token "issued in the future" (several API instances). */
const FUTURE_SKEW_SECONDS = 60;

/** The account state a token is bound to. Any change to these values invalidates outstanding tokens. */
export interface TokenSubject {
  id: number;
  email: string;
  password_hash: string;
  is_verified: boolean;
  token_version: number;
  /** The address an e-mail change moves to ('confirm-email' only): a link confirms that address and no other. */
  new_email?: string;
}

export function emailTokenKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'bindery', 'bindery/email-link-token/v1', 32));
}

/** The user id as URL-safe base64 of its decimal text (the uidb64 of the links). */
export function encodeUid(id: number): string {
  return Buffer.from(String(id), 'utf8').toString('base64url');
}

/** The user id from a uidb64, or undefined when it is not one. */
export function decodeUid(uidb64: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uidb64)) return undefined;
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}

function fingerprint(purpose: EmailTokenPurpose, s: TokenSubject): string {
  // The password hash itself is never put in the MAC input verbatim: hash it first (defence in depth).
  const pw = createHash('sha256').update(s.password_hash).digest('base64url');
  const verified = purpose === 'verify-email' ? String(s.is_verified) : '-';
  const parts = [pw, s.email.trim().toLowerCase(), s.token_version, verified];
  // Only a change link names a second address (the links of the other purposes keep their fingerprint).
  if (purpose === 'confirm-email') parts.push((s.new_email ?? '').trim().toLowerCase());
  return parts.join('|');
}

function mac(key: Buffer, purpose: EmailTokenPurpose, subject: TokenSubject, issuedAt: number): Buffer {
  return createHmac('sha256', key)
    .update([purpose, subject.id, issuedAt, fingerprint(purpose, subject)].join('\n'))
    .digest();
}

/** `<issued-at seconds, base 36>-<HMAC, base64url>` */
export function makeEmailToken(
  key: Buffer,
  purpose: EmailTokenPurpose,
  subject: TokenSubject,
  nowMs = Date.now(),
): string {
  const issuedAt = Math.floor(nowMs / 1000);
  return `${issuedAt.toString(36)}-${mac(key, purpose, subject, issuedAt).toString('base64url')}`;
}

/** Whether the token was made for this purpose and this account in its current state, and is not expired. */
export function checkEmailToken(
  key: Buffer,
  purpose: EmailTokenPurpose,
  subject: TokenSubject,
  token: string,
  nowMs = Date.now(),
): boolean {
  const [, issued, signature] = /^([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/.exec(token) ?? [];
  if (issued === undefined || signature === undefined) return false;
  const issuedAt = parseInt(issued, 36);
  const now = Math.floor(nowMs / 1000);
  if (issuedAt > now + FUTURE_SKEW_SECONDS || now - issuedAt > EMAIL_TOKEN_TTL_SECONDS[purpose]) return false;
  const given = Buffer.from(signature, 'base64url');
  // 43 characters carry 258 bits for a 256-bit MAC: the last character's two spare bits are ignored by the decoder,
  // so four spellings would decode alike. Only the spelling that was issued counts: an altered link is refused.
  if (given.toString('base64url') !== signature) return false;
  const expected = mac(key, purpose, subject, issuedAt);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
