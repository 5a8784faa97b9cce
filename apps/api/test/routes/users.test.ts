/**
 * Accounts and sessions end to end through the HTTP API, with mail going over real SMTP to an in-process
 * server: sign-up → the verification mail → verify → login → refresh → logout, and the password reset.
 * Every link used here is the one read from the received message.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startMailCatcher } from '@bindery/mail-test';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { StoreLoginResponse, StoreTokenRefreshResponse } from '@bindery/contracts/store/users';
import {
  GOOD_PASSWORD,
  linkParts,
  login,
  logout,
  nextIp,
  post,
  refreshCookieOf,
  refreshWith,
  signUp,
  uniqueEmail,
  verifiedCustomer,
  verify,
} from '../accounts.js';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '#plugins/app/users/refresh-cookie.js';
import { buildApp } from '#app.js';
import { manualClock } from '#lib/clock.js';
import { PASSWORD_HASH_COST, setHashCostForTests } from '#lib/password.js';
import { TEST_HASH_COST } from '../setup-hash-cost.js';
import { anyNumber, bodyKeys, defined, json, request, setupTestApp } from '../helper.js';
import { OpenApiDocument, operationOf, responseFields } from '../openapi-document.js';

const mail = await startMailCatcher();
afterAll(() => mail.stop());

const WEB = 'http://web.test:5173';
const t = setupTestApp({
  env: { SMTP_URL: mail.url, PUBLIC_WEB_URL: WEB },
  register: (app) => {
    void app.register(
      async (probe) => {
        probe.get('/me', { onRequest: [probe.authenticate] }, async (req) => ({ id: req.signedInUser().id }));
      },
      { prefix: '/api/_probe' },
    );
  },
});

const me = (access: string) =>
  request(t, { method: 'GET', url: '/api/_probe/me', headers: { authorization: `Bearer ${access}` } });
const refresh = (token: string) => refreshWith(t, token);
const requestReset = (email: string, ip = nextIp()) =>
  post(t, '/api/users/request-reset-password/', { email }, ip);
const resetPassword = (uidb64: string, token: string, password: string) =>
  post(t, `/api/users/reset-password/${uidb64}/${token}/`, { password });

/** Moves the wall clock (Date only: timers, sockets and the database keep real time). */
function travel(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
}
afterEach(() => {
  vi.useRealTimers();
});

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe('sign-up and e-mail verification', () => {
  it('registers, mails a verification link to the web app, and only the verified account can log in', async () => {
    const email = uniqueEmail();
    const res = await post(t, '/api/users/register/', { name: 'Ann Reader', email, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.data).toEqual({ message: messages.auth.registered });

    const received = await mail.waitFor({ to: email });
    expect(received.subject).toBe('Verify your email address');
    expect(received.text).toContain('Hello Ann Reader,');
    const link = defined(received.links[0], 'a link in the mail');
    expect(link.startsWith(`${WEB}/verify-email/`)).toBe(true);
    expect(received.html).toContain(`href="${link}"`);

    const before = await login(t, email, GOOD_PASSWORD);
    expect(before.statusCode).toBe(401);
    expect(json(before, ErrorBody).error).toBe(messages.auth.invalidOrUnverified);

    const { uidb64, token } = linkParts(link, 'verify-email');
    const verified = await verify(t, uidb64, token);
    expect(verified.statusCode).toBe(200);
    expect(verified.data).toEqual({ message: messages.auth.verified });

    const after = await login(t, email, GOOD_PASSWORD);
    expect(after.statusCode).toBe(200);
    const body = json(after, StoreLoginResponse);
    expect(body.user).toEqual({ id: anyNumber, name: 'Ann Reader', email, is_admin: false });
    expect(body.access_expires_in).toBe(60 * 60);
    expect((await me(body.access)).data).toEqual({ id: body.user.id });
  });

  it('stores a memory-hard hash, never the password', async () => {
    // The production cost for this sign-up (the suite's set-up file makes hashing cheap elsewhere).
    setHashCostForTests(PASSWORD_HASH_COST);
    const { email } = await signUp(t, mail).finally(() => setHashCostForTests(TEST_HASH_COST));
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.password_hash).not.toContain(GOOD_PASSWORD);
  });

  it('answers a taken address exactly like a new one (case and spaces ignored) and mails its owner instead', async () => {
    const email = uniqueEmail('Case.Test');
    const first = await post(t, '/api/users/register/', { name: 'A', email, password: GOOD_PASSWORD });
    expect(first.statusCode).toBe(201);
    await mail.waitFor({ to: email, subject: /verify/i });
    mail.clear();
    const again = await post(t, '/api/users/register/', {
      name: 'B',
      email: `  ${email.toUpperCase()} `,
      password: GOOD_PASSWORD,
    });
    // Same status, same body, same length: the answer says nothing about the address.
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-length']).toBe(first.headers['content-length']);
    expect(again.data).toEqual({ message: messages.auth.registered });
    // The owner hears of it; no second account, no verification link, the first account unchanged.
    const notice = await mail.waitFor({ to: email });
    expect(notice.subject).toBe('Someone tried to sign up with your email address');
    expect(notice.text).toContain('Hello A,');
    expect(notice.text).toContain(`${WEB}/login`);
    expect(notice.links).toContain(`${WEB}/reset-password`);
    expect(notice.links.some((l) => l.includes('/verify-email/'))).toBe(false);
    const rows = await t.db.selectFrom('users').select(['name']).where('email', 'ilike', email).execute();
    expect(rows).toEqual([{ name: 'A' }]);
  });

  it('tells a verified owner too, and their password and sessions stay as they were', async () => {
    const owner = await verifiedCustomer(t, mail);
    mail.clear();
    const res = await post(t, '/api/users/register/', {
      name: 'Intruder',
      email: owner.email,
      password: 'Other-pa55word!',
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toEqual({ message: messages.auth.registered });
    expect((await mail.waitFor({ to: owner.email })).subject).toBe(
      'Someone tried to sign up with your email address',
    );
    expect((await me(owner.session.access)).statusCode).toBe(200);
    expect((await login(t, owner.email, 'Other-pa55word!')).statusCode).toBe(401);
    expect((await login(t, owner.email, owner.password)).statusCode).toBe(200);
  });

  it.each([
    ['too short', 'Ab1!xyz'],
    ['no upper case', 'lowercase1!'],
    ['no lower case', 'UPPERCASE1!'],
    ['no digit', 'NoDigits!!'],
    ['no symbol', 'NoSymbol123'],
  ])('refuses a password with %s, naming the whole policy', async (_case, password) => {
    const email = uniqueEmail();
    const res = await post(t, '/api/users/register/', { name: 'Weak', email, password });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody).fields).toEqual([
      { path: 'body.password', message: messages.auth.passwordPolicy },
    ]);
    expect(json(res, ErrorBody).error).toContain(messages.auth.passwordPolicy);
    expect(
      await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('requires every field and a valid address, with clear messages', async () => {
    const res = await post(t, '/api/users/register/', { name: '  ', email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody).fields).toEqual([
      { path: 'body.name', message: messages.auth.nameRequired },
      { path: 'body.email', message: messages.auth.emailInvalid },
      { path: 'body.password', message: messages.auth.passwordRequired },
    ]);
  });

  it('accepts a verification link once only', async () => {
    const { uidb64, token } = await signUp(t, mail);
    expect((await verify(t, uidb64, token)).statusCode).toBe(200);
    const reused = await verify(t, uidb64, token);
    expect(reused.statusCode).toBe(400);
    expect(json(reused, ErrorBody).error).toBe(messages.auth.verifyFailed);
  });

  it("refuses tampered links, another account's id, and garbage with the verification message", async () => {
    const a = await signUp(t, mail);
    const b = await signUp(t, mail);
    const flipped = a.token.slice(0, -1) + (a.token.endsWith('A') ? 'B' : 'A');
    for (const [uid, token] of [
      [a.uidb64, flipped],
      [b.uidb64, a.token],
      ['!!', a.token],
      [a.uidb64, 'nonsense'],
      ['OTk5OTk5', a.token],
    ] as const) {
      const res = await verify(t, uid, token);
      expect(res.statusCode, `${uid}/${token}`).toBe(400);
      expect(json(res, ErrorBody).error).toBe(messages.auth.verifyFailed);
    }
    // Still usable by its owner afterwards.
    expect((await verify(t, a.uidb64, a.token)).statusCode).toBe(200);
  });

  it('expires verification links after 3 days', async () => {
    const late = await signUp(t, mail);
    const inTime = await signUp(t, mail);
    travel(3 * DAY + 5 * MIN);
    const expired = await verify(t, late.uidb64, late.token);
    expect(expired.statusCode).toBe(400);
    expect(json(expired, ErrorBody).error).toBe(messages.auth.verifyFailed);
    vi.useRealTimers();
    travel(3 * DAY - 5 * MIN);
    expect((await verify(t, inTime.uidb64, inTime.token)).statusCode).toBe(200);
  });
});

describe('login', () => {
  it('answers unknown e-mail, wrong password and unverified account identically', async () => {
    const verifiedAccount = await verifiedCustomer(t, mail);
    const unverified = await signUp(t, mail);
    const answers = await Promise.all([
      login(t, uniqueEmail('nobody'), GOOD_PASSWORD),
      login(t, verifiedAccount.email, 'Wr0ng-password!'),
      login(t, unverified.email, unverified.password),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.data).toEqual({
        error: messages.auth.invalidOrUnverified,
        code: 'UNAUTHORIZED',
        statusCode: 401,
      });
    }
  });

  it('finds the account whatever the case of the address typed', async () => {
    const { email, password } = await verifiedCustomer(t, mail);
    expect((await login(t, email.toUpperCase(), password)).statusCode).toBe(200);
  });

  it('requires both fields', async () => {
    const res = await post(t, '/api/users/login/', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody).fields).toEqual([
      { path: 'body.email', message: messages.auth.emailRequired },
      { path: 'body.password', message: messages.auth.passwordRequired },
    ]);
  });
});

describe('refresh tokens', () => {
  it('travels only in an HttpOnly, Secure, SameSite=Strict cookie scoped to the refresh path', async () => {
    const { email, password } = await verifiedCustomer(t, mail);
    const res = await login(t, email, password);
    expect(res.statusCode).toBe(200);
    expect(bodyKeys(res)).toEqual(['access', 'access_expires_in', 'user']);
    const cookie = defined(
      res.cookies.find((c) => c.name === REFRESH_COOKIE),
      'the refresh cookie',
    );
    expect(cookie).toMatchObject({
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    });
    expect(cookie.value).toMatch(/^[\w-]{43}$/);
    // It lives as long as the session may (REFRESH_TOKEN_TTL_DAYS), so a reload or a new tab stays signed in.
    const days = (defined(cookie.expires, 'the cookie’s expiry').getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(t.config.refreshTokenTtlDays - 0.01);
    expect(days).toBeLessThanOrEqual(t.config.refreshTokenTtlDays);

    // A refresh answers a new access token and the user in the body, the next token in the cookie.
    const renewed = await refresh(cookie.value);
    expect(renewed.statusCode).toBe(200);
    expect(bodyKeys(renewed)).toEqual(['access', 'access_expires_in', 'user']);
    expect(renewed.cookies.find((c) => c.name === REFRESH_COOKIE)).toMatchObject({
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
    });

    // No cookie, or the token in a body as before: refused, the cookie told to go.
    const none = await post(t, '/api/users/token/refresh/', undefined);
    expect(none.statusCode).toBe(400);
    expect(json(none, ErrorBody).error).toBe(messages.auth.refreshRequired);
    expect((await post(t, '/api/users/token/refresh/', { refresh: renewed.refresh })).statusCode).toBe(400);
    const refused = await refresh('made-up');
    expect(refused.statusCode).toBe(401);
    expect(refused.cookies.find((c) => c.name === REFRESH_COOKIE)?.value).toBe('');
  });

  it('rotates: a refresh gives a new working pair and the old refresh token stops working', async () => {
    const { session } = await verifiedCustomer(t, mail);
    const first = await refresh(session.refresh);
    expect(first.statusCode).toBe(200);
    const pair = { ...json(first, StoreTokenRefreshResponse), refresh: first.refresh };
    expect(pair.refresh).not.toBe('');
    expect(pair.refresh).not.toBe(session.refresh);
    expect(pair.user).toEqual(session.user);
    expect((await me(pair.access)).data).toEqual({ id: session.user.id });

    travel(30_000); // past the grace period for concurrent tabs
    const replay = await refresh(session.refresh);
    expect(replay.statusCode).toBe(401);
    expect(json(replay, ErrorBody).error).toBe(messages.generic.sessionExpired);
    // Reuse of a rotated token means it was copied: the whole session dies, the new token too.
    expect((await refresh(pair.refresh)).statusCode).toBe(401);
  });

  it('lets two tabs refresh with the same token at the same moment', async () => {
    const { session } = await verifiedCustomer(t, mail);
    const [a, b] = await Promise.all([refresh(session.refresh), refresh(session.refresh)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await refresh(a.refresh)).statusCode).toBe(200);
    expect((await refresh(b.refresh)).statusCode).toBe(200);
  });

  it('keeps working across many rotations but expires after REFRESH_TOKEN_TTL_DAYS without use', async () => {
    const { session } = await verifiedCustomer(t, mail);
    let token = session.refresh;
    for (let i = 0; i < 3; i++) {
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      token = res.refresh;
    }
    travel(7 * DAY + MIN);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('refuses unknown tokens and access tokens in their place', async () => {
    const { session } = await verifiedCustomer(t, mail);
    expect((await refresh('made-up')).statusCode).toBe(401);
    expect((await refresh(session.access)).statusCode).toBe(401);
  });

  it('logout revokes the session, its access token included, at once; logging out twice is harmless', async () => {
    const { session } = await verifiedCustomer(t, mail);
    const renewedRes = await refresh(session.refresh);
    const renewed = { ...json(renewedRes, StoreTokenRefreshResponse), refresh: renewedRes.refresh };
    expect((await me(session.access)).statusCode).toBe(200);
    const out = await logout(t, renewed.access);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    // The browser is told to drop the cookie (same name and path, expired).
    const cleared = defined(
      out.cookies.find((c) => c.name === REFRESH_COOKIE),
      'the cleared refresh cookie',
    );
    expect(cleared).toMatchObject({ value: '', path: REFRESH_COOKIE_PATH });
    expect(defined(cleared.expires, 'the cleared cookie’s expiry').getTime()).toBeLessThan(Date.now());
    expect((await refresh(renewed.refresh)).statusCode).toBe(401);
    // Every access token of the session, the first one and the refreshed one, dies with it.
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await me(renewed.access)).statusCode).toBe(401);
    // Logging out with a dead token: 401, and the client clears its side anyway.
    expect((await logout(t, renewed.access)).statusCode).toBe(401);
  });

  it('other sessions of the same account survive a logout', async () => {
    const { email, password, session } = await verifiedCustomer(t, mail);
    const otherRes = await login(t, email, password);
    const other = json(otherRes, StoreLoginResponse);
    expect((await logout(t, session.access)).statusCode).toBe(204);
    expect((await me(other.access)).statusCode).toBe(200);
    expect((await refresh(refreshCookieOf(otherRes))).statusCode).toBe(200);
  });

  it('another API instance on the same database refuses a logged-out access token within AUTH_CACHE_SECONDS', async () => {
    const clock = manualClock();
    const second = await buildApp({ config: t.config, db: t.db, clock });
    second.register(async (probe) => {
      probe.get('/api/_probe/me', { onRequest: [probe.authenticate] }, async (req) => ({
        id: req.signedInUser().id,
      }));
    });
    await second.ready();
    try {
      expect(t.config.authCacheMs).toBe(5000);
      const { session } = await verifiedCustomer(t, mail);
      const meThere = () =>
        second.inject({
          method: 'GET',
          url: '/api/_probe/me',
          headers: { authorization: `Bearer ${session.access}` },
        });
      expect((await meThere()).statusCode).toBe(200); // now cached on the second instance
      expect((await logout(t, session.access)).statusCode).toBe(204);
      // This instance refuses at once; the second may pass the token until its cache entry runs out, no longer.
      expect((await me(session.access)).statusCode).toBe(401);
      clock.advance(4_999);
      expect((await meThere()).statusCode).toBe(200);
      clock.advance(1);
      expect((await meThere()).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('refuses an access token without a session id (issued before sessions were checked)', async () => {
    const { session } = await verifiedCustomer(t, mail);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    const legacy = t.app.jwt.sign({ sub: String(user.id), typ: 'access', ver: user.token_version });
    expect((await me(legacy)).statusCode).toBe(401);
    const bogus = t.app.jwt.sign({
      sub: String(user.id),
      typ: 'access',
      ver: user.token_version,
      sid: 'not-a-uuid',
    });
    expect((await me(bogus)).statusCode).toBe(401);
    // A real session id of another account does not do either.
    const other = await verifiedCustomer(t, mail);
    const otherSid = (t.app.jwt.decode(other.session.access) as { sid: string }).sid;
    const borrowed = t.app.jwt.sign({
      sub: String(user.id),
      typ: 'access',
      ver: user.token_version,
      sid: otherSid,
    });
    expect((await me(borrowed)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers identically whether or not the account exists, and mails only a real account', async () => {
    const { email } = await verifiedCustomer(t, mail);
    const nobody = uniqueEmail('nobody');
    const known = await requestReset(email);
    const unknown = await requestReset(nobody);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    expect(known.data).toEqual({ message: messages.auth.resetRequested });

    const received = await mail.waitFor({ to: email, subject: /reset/i });
    expect(defined(received.links[0], 'a link in the mail').startsWith(`${WEB}/reset-password/`)).toBe(true);
    // Every mail is written and delivered by the outbox in the background: once its work in flight is done, a
    // mail to the unknown address would have arrived (an event, rather than a wait that hopes to be long enough).
    await t.app.mailOutbox.drain();
    expect(mail.find({ to: nobody })).toEqual([]);
  });

  it('sets a new password from the mailed link, once, and ends every existing session', async () => {
    const { email, password, session } = await verifiedCustomer(t, mail);
    mail.clear();
    await requestReset(email);
    const { uidb64, token } = linkParts(
      defined((await mail.waitFor({ to: email, subject: /reset/i })).links[0], 'a link in the mail'),
      'reset-password',
    );

    const weak = await resetPassword(uidb64, token, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(json(weak, ErrorBody).fields).toEqual([
      { path: 'body.password', message: messages.auth.passwordPolicy },
    ]);

    const newPassword = 'N3w-password!';
    const done = await resetPassword(uidb64, token, newPassword);
    expect(done.statusCode).toBe(200);
    expect(done.data).toEqual({ message: messages.auth.resetSuccess });

    const reused = await resetPassword(uidb64, token, 'An0ther-password!');
    expect(reused.statusCode).toBe(400);
    expect(json(reused, ErrorBody).error).toBe(messages.auth.resetLinkInvalid);

    expect((await login(t, email, password)).statusCode).toBe(401);
    expect((await login(t, email, newPassword)).statusCode).toBe(200);
    // The sessions from before the reset are over: refresh token and access token alike.
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await me(session.access)).statusCode).toBe(401);
  });

  it('kills every outstanding reset link when the password changes', async () => {
    const { email } = await verifiedCustomer(t, mail);
    mail.clear();
    await requestReset(email);
    const first = linkParts(
      defined((await mail.waitFor({ to: email, subject: /reset/i })).links[0], 'a link in the mail'),
      'reset-password',
    );
    mail.clear();
    await requestReset(email);
    const second = linkParts(
      defined((await mail.waitFor({ to: email, subject: /reset/i })).links[0], 'a link in the mail'),
      'reset-password',
    );
    expect((await resetPassword(second.uidb64, second.token, 'Fir5t-change!')).statusCode).toBe(200);
    const stale = await resetPassword(first.uidb64, first.token, 'Sec0nd-change!');
    expect(stale.statusCode).toBe(400);
    expect(json(stale, ErrorBody).error).toBe(messages.auth.resetLinkInvalid);
  });

  it('expires reset links after 1 hour', async () => {
    const a = await verifiedCustomer(t, mail);
    const b = await verifiedCustomer(t, mail);
    mail.clear();
    await requestReset(a.email);
    await requestReset(b.email);
    const linkA = linkParts(
      defined((await mail.waitFor({ to: a.email, subject: /reset/i })).links[0], 'a link in the mail'),
      'reset-password',
    );
    const linkB = linkParts(
      defined((await mail.waitFor({ to: b.email, subject: /reset/i })).links[0], 'a link in the mail'),
      'reset-password',
    );
    travel(60 * MIN + 5_000);
    expect((await resetPassword(linkA.uidb64, linkA.token, 'Too-l4te!')).statusCode).toBe(400);
    vi.useRealTimers();
    travel(59 * MIN);
    expect((await resetPassword(linkB.uidb64, linkB.token, 'In-t1me!')).statusCode).toBe(200);
  });

  it('does not accept a verification token as a reset token (or the reverse)', async () => {
    const { email, uidb64, token } = await signUp(t, mail);
    const asReset = await resetPassword(uidb64, token, 'Hijack-1t!');
    expect(asReset.statusCode).toBe(400);
    mail.clear();
    await requestReset(email);
    const reset = linkParts(
      defined((await mail.waitFor({ to: email, subject: /reset/i })).links[0], 'a link in the mail'),
      'reset-password',
    );
    expect((await verify(t, reset.uidb64, reset.token)).statusCode).toBe(400);
  });

  it('verifies the address of an unverified account (the link reached that mailbox)', async () => {
    const { email } = await signUp(t, mail);
    mail.clear();
    await requestReset(email);
    const reset = linkParts(
      defined((await mail.waitFor({ to: email, subject: /reset/i })).links[0], 'a link in the mail'),
      'reset-password',
    );
    expect((await resetPassword(reset.uidb64, reset.token, 'Rec0vered-now!')).statusCode).toBe(200);
    expect((await login(t, email, 'Rec0vered-now!')).statusCode).toBe(200);
  });
});

describe('resending the verification mail', () => {
  const resend = (email: string) => post(t, '/api/users/resend-verification/', { email });

  it('answers unknown, verified and unverified addresses alike; only the unverified one gets a link that verifies', async () => {
    const waiting = await signUp(t, mail);
    const { email: verifiedEmail } = await verifiedCustomer(t, mail);
    const nobody = uniqueEmail('nobody');
    mail.clear();

    const unknown = await resend(nobody);
    const verified = await resend(verifiedEmail);
    const unverified = await resend(waiting.email);
    expect(unverified.statusCode).toBe(200);
    expect(unverified.data).toEqual({ message: messages.auth.verificationResent });
    for (const other of [unknown, verified]) {
      expect(other.statusCode).toBe(unverified.statusCode);
      expect(other.body).toBe(unverified.body);
      expect(other.headers['content-length']).toBe(unverified.headers['content-length']);
    }

    const received = await mail.waitFor({ to: waiting.email, subject: /verify/i });
    const link = defined(received.links[0], 'a link in the mail');
    expect(link.startsWith(`${WEB}/verify-email/`)).toBe(true);
    // Once the outbox's background work is done, any mail to the other two addresses would have arrived.
    await t.app.mailOutbox.drain();
    expect(mail.find({ to: nobody })).toEqual([]);
    expect(mail.find({ to: verifiedEmail })).toEqual([]);

    const { uidb64, token } = linkParts(link, 'verify-email');
    expect((await verify(t, uidb64, token)).statusCode).toBe(200);
    expect((await login(t, waiting.email, waiting.password)).statusCode).toBe(200);
    // Verified now: a further request mails nothing.
    mail.clear();
    await resend(waiting.email);
    await t.app.mailOutbox.drain();
    expect(mail.find({ to: waiting.email, subject: /verify/i })).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every account route with its contract', async () => {
    const doc = json(await request(t, { method: 'GET', url: '/api/docs/json' }), OpenApiDocument);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/register',
        '/api/users/login',
        '/api/users/token/refresh',
        '/api/users/logout',
        '/api/users/request-reset-password',
        '/api/users/resend-verification',
        '/api/users/reset-password/{uidb64}/{token}',
        '/api/users/verify-email/{uidb64}/{token}',
        '/api/users/admin/users',
        '/api/users/admin/users/{id}/delete',
      ]),
    );
    // The refresh token is never in a body (it is the HttpOnly cookie).
    expect(responseFields(operationOf(doc, '/api/users/login', 'post')).sort()).toEqual([
      'access',
      'access_expires_in',
      'user',
    ]);
    expect(operationOf(doc, '/api/users/logout', 'post').security).toEqual([{ bearerAuth: [] }]);
    expect(operationOf(doc, '/api/users/admin/users', 'get').security).toEqual([{ bearerAuth: [] }]);
  });
});
