import { describe, expect, it } from 'vitest';
import {
  checkEmailToken,
  decodeUid,
  EMAIL_TOKEN_TTL_SECONDS,
  emailTokenKey,
  encodeUid,
  makeEmailToken,
  type TokenSubject,
} from './email-token.js';

const key = emailTokenKey('a-secret-of-at-least-thirty-two-characters!!');
const subject: TokenSubject = {
  id: 42,
  email: 'Ann@Example.test',
  password_hash: 'scrypt$1$2$3$salt$hash',
  is_verified: false,
  token_version: 0,
};
const t0 = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('uidb64', () => {
  it('round-trips ids and refuses anything else', () => {
    expect(encodeUid(42)).toBe('NDI');
    expect(decodeUid(encodeUid(42))).toBe(42);
    expect(decodeUid(encodeUid(2_147_483_647))).toBe(2_147_483_647);
    for (const bad of [
      '',
      '!!',
      Buffer.from('0').toString('base64url'),
      Buffer.from('-1').toString('base64url'),
      Buffer.from('1e3').toString('base64url'),
      Buffer.from('99999999999').toString('base64url'),
    ]) {
      expect(decodeUid(bad), bad).toBeUndefined();
    }
  });
});

describe('email link tokens', () => {
  it('accept the token made for the same purpose, account and state', () => {
    const token = makeEmailToken(key, 'verify-email', subject, t0);
    expect(token).toMatch(/^[0-9a-z]+-[A-Za-z0-9_-]{43}$/);
    expect(checkEmailToken(key, 'verify-email', subject, token, t0 + 1000)).toBe(true);
    // The e-mail's case does not matter (look-ups ignore it too).
    expect(checkEmailToken(key, 'verify-email', { ...subject, email: 'ann@example.test' }, token, t0)).toBe(
      true,
    );
  });

  it.each(['verify-email', 'reset-password'] as const)(
    'expire exactly after the lifetime of %s',
    (purpose) => {
      const token = makeEmailToken(key, purpose, subject, t0);
      const ttl = EMAIL_TOKEN_TTL_SECONDS[purpose] * 1000;
      expect(checkEmailToken(key, purpose, subject, token, t0 + ttl)).toBe(true);
      expect(checkEmailToken(key, purpose, subject, token, t0 + ttl + 1000)).toBe(false);
    },
  );

  it('has the lifetimes of the issues: 3 days, 1 hour, and a day for a new e-mail address (ADR 0074)', () => {
    expect(EMAIL_TOKEN_TTL_SECONDS).toEqual({
      'verify-email': 259_200,
      'reset-password': 3_600,
      'confirm-email': 86_400,
    });
  });

  it('refuse a token from the future (beyond a minute of clock skew)', () => {
    const token = makeEmailToken(key, 'reset-password', subject, t0 + 5 * 60_000);
    expect(checkEmailToken(key, 'reset-password', subject, token, t0)).toBe(false);
  });

  it('die when the state they are bound to changes', () => {
    const verify = makeEmailToken(key, 'verify-email', subject, t0);
    const reset = makeEmailToken(key, 'reset-password', subject, t0);
    expect(checkEmailToken(key, 'verify-email', { ...subject, is_verified: true }, verify, t0)).toBe(false);
    for (const changed of [
      { ...subject, password_hash: 'scrypt$other' },
      { ...subject, email: 'new@example.test' },
      { ...subject, token_version: 1 },
    ]) {
      expect(checkEmailToken(key, 'verify-email', changed, verify, t0)).toBe(false);
      expect(checkEmailToken(key, 'reset-password', changed, reset, t0)).toBe(false);
    }
    // A reset link survives the verification of the address (it is not bound to is_verified).
    expect(checkEmailToken(key, 'reset-password', { ...subject, is_verified: true }, reset, t0)).toBe(true);
  });

  it('are bound to purpose, account and key, and refuse any tampering', () => {
    const token = makeEmailToken(key, 'verify-email', subject, t0);
    expect(checkEmailToken(key, 'reset-password', subject, token, t0)).toBe(false);
    expect(checkEmailToken(key, 'verify-email', { ...subject, id: 43 }, token, t0)).toBe(false);
    expect(
      checkEmailToken(
        emailTokenKey('another-secret-of-at-least-thirty-two-chars'),
        'verify-email',
        subject,
        token,
        t0,
      ),
    ).toBe(false);
    const [stamp, sig] = token.split('-') as [string, string];
    expect(
      checkEmailToken(key, 'verify-email', subject, `${(parseInt(stamp, 36) + 1).toString(36)}-${sig}`, t0),
    ).toBe(false);
    expect(
      checkEmailToken(
        key,
        'verify-email',
        subject,
        `${stamp}-${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        t0,
      ),
    ).toBe(false);
    expect(checkEmailToken(key, 'verify-email', subject, '', t0)).toBe(false);
    expect(checkEmailToken(key, 'verify-email', subject, `${stamp}-${sig}x`, t0)).toBe(false);
  });

  it('refuse the other spellings of the last character, which decode to the same MAC bytes', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const token = makeEmailToken(key, 'verify-email', subject, t0);
    const last = alphabet.indexOf(token.slice(-1));
    // The two low bits of the last character are spare: these three differ from the issued token only there.
    const twins = [0, 1, 2, 3]
      .filter((spare) => spare !== last % 4)
      .map((spare) => token.slice(0, -1) + alphabet.charAt(last - (last % 4) + spare));
    for (const twin of twins) {
      expect(Buffer.from(twin.split('-')[1] ?? '', 'base64url')).toEqual(
        Buffer.from(token.split('-')[1] ?? '', 'base64url'),
      );
      expect(checkEmailToken(key, 'verify-email', subject, twin, t0)).toBe(false);
    }
    expect(checkEmailToken(key, 'verify-email', subject, token, t0)).toBe(true);
  });
});
