/**
 * Rate limits of login, sign-up and reset requests: per client IP and per e-mail address, each answering 429
 * with Retry-After and a clear message. Each test uses its own client addresses (accounts.ts nextIp).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@bindery/mail-test';
import { messages } from '@bindery/contracts/messages';
import { AUTH_LIMITS } from '#plugins/app/users/auth-rate-limits.js';
import { GOOD_PASSWORD, nextIp, post, uniqueEmail, verifiedCustomer } from '../accounts.js';
import { setupTestApp } from '../helper.js';

const mail = await startMailCatcher();
afterAll(() => mail.stop());
const t = setupTestApp({ env: { SMTP_URL: mail.url } });

/**
 * A 429 of a window of `minutes` whose first counted attempt was at `startedAt`: the wait left is the window less
 * the time since (a busy machine can spend over a minute on a hundred scrypt logins), said in whole minutes.
 */
function expectLimited(res: Awaited<ReturnType<typeof post>>, minutes: number, startedAt = Date.now() - 60_000) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
  expect(retryAfter).toBeGreaterThanOrEqual(minutes * 60 - Math.ceil((Date.now() - startedAt) / 1000) - 1);
  expect(res.data).toEqual({
    error: messages.auth.tooManyAttempts(`${Math.ceil(retryAfter / 60)} minutes`),
    code: 'TOO_MANY_REQUESTS',
    statusCode: 429,
  });
}

describe('login', () => {
  const limit = AUTH_LIMITS.login.perEmailAndIp.max;

  it(`stops a client after ${limit} wrong passwords for one account, never the owner on another address`, async () => {
    const { email, password } = await verifiedCustomer(t, mail);
    const attacker = nextIp();
    for (let i = 0; i < limit; i++) {
      expect((await post(t, '/api/users/login/', { email, password: 'Wr0ng-guess!' }, attacker)).statusCode).toBe(401);
    }
    expectLimited(await post(t, '/api/users/login/', { email: email.toUpperCase(), password: 'Wr0ng-guess!' }, attacker), 15);
    // That client waits even with the right password (it may be the guesser who found it).
    expectLimited(await post(t, '/api/users/login/', { email, password }, attacker), 15);
    // The owner, from their own address, logs in at once: ten wrong passwords elsewhere lock nobody out.
    expect((await post(t, '/api/users/login/', { email, password }, nextIp())).statusCode).toBe(200);
    // And the attacker's address is not blocked for other accounts (the looser per-IP limit is far off).
    const other = await verifiedCustomer(t, mail);
    expect((await post(t, '/api/users/login/', { email: other.email, password: other.password }, attacker)).statusCode).toBe(200);
  });

  it('forgets a client’s failures once it logs in (a person who mistyped keeps all their tries)', async () => {
    const { email, password } = await verifiedCustomer(t, mail);
    const ip = nextIp();
    for (let i = 0; i < limit - 1; i++) {
      expect((await post(t, '/api/users/login/', { email, password: 'Typ0-password!' }, ip)).statusCode).toBe(401);
    }
    expect((await post(t, '/api/users/login/', { email, password }, ip)).statusCode).toBe(200);
    for (let i = 0; i < limit; i++) {
      expect((await post(t, '/api/users/login/', { email, password: 'Typ0-password!' }, ip)).statusCode).toBe(401);
    }
    expectLimited(await post(t, '/api/users/login/', { email, password: 'Typ0-password!' }, ip), 15);
  });

  it(`allows ${AUTH_LIMITS.login.perIp.max} attempts per IP per 15 minutes, whatever the addresses`, async () => {
    const ip = nextIp();
    const startedAt = Date.now();
    for (let i = 0; i < AUTH_LIMITS.login.perIp.max; i++) {
      const res = await post(t, '/api/users/login/', { email: uniqueEmail('spray'), password: 'Spr4y-guess!' }, ip);
      expect(res.statusCode).toBe(401);
    }
    expectLimited(
      await post(t, '/api/users/login/', { email: uniqueEmail('spray'), password: 'Spr4y-guess!' }, ip),
      15,
      startedAt,
    );
    expect((await post(t, '/api/users/login/', { email: uniqueEmail('spray'), password: 'x' }, nextIp())).statusCode).toBe(401);
    // A bound, not a speed check: 100 logins each pay a full scrypt (an unknown address costs what a known one
    // does), about 5 s on a quiet 2-core machine and over 30 s on a busy one.
  }, 120_000);
});

describe('sign-up', () => {
  it(`allows ${AUTH_LIMITS.register.perEmail.max} attempts per e-mail per hour`, async () => {
    const email = uniqueEmail();
    const body = { name: 'Ann', email, password: GOOD_PASSWORD };
    expect((await post(t, '/api/users/register/', body)).statusCode).toBe(201);
    for (let i = 1; i < AUTH_LIMITS.register.perEmail.max; i++) {
      expect((await post(t, '/api/users/register/', body)).statusCode).toBe(201);
    }
    expectLimited(await post(t, '/api/users/register/', body), 60);
  });

  it(`allows ${AUTH_LIMITS.register.perIp.max} sign-ups per IP per hour`, async () => {
    const ip = nextIp();
    for (let i = 0; i < AUTH_LIMITS.register.perIp.max; i++) {
      const res = await post(t, '/api/users/register/', { name: 'Bot', email: uniqueEmail('bot'), password: GOOD_PASSWORD }, ip);
      expect(res.statusCode).toBe(201);
    }
    const blocked = await post(t, '/api/users/register/', { name: 'Bot', email: uniqueEmail('bot'), password: GOOD_PASSWORD }, ip);
    expectLimited(blocked, 60);
  });
});

describe('reset requests', () => {
  it(`allow ${AUTH_LIMITS.requestReset.perEmail.max} per e-mail per hour, limiting known and unknown addresses alike`, async () => {
    const { email } = await verifiedCustomer(t, mail);
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < AUTH_LIMITS.requestReset.perEmail.max; i++) {
      expect((await post(t, '/api/users/request-reset-password/', { email })).statusCode).toBe(200);
      expect((await post(t, '/api/users/request-reset-password/', { email: nobody })).statusCode).toBe(200);
    }
    const known = await post(t, '/api/users/request-reset-password/', { email });
    const unknown = await post(t, '/api/users/request-reset-password/', { email: nobody });
    expectLimited(known, 60);
    expect(unknown.body).toBe(known.body);
  });

  it(`allow ${AUTH_LIMITS.requestReset.perIp.max} per IP per hour`, async () => {
    const ip = nextIp();
    for (let i = 0; i < AUTH_LIMITS.requestReset.perIp.max; i++) {
      expect((await post(t, '/api/users/request-reset-password/', { email: uniqueEmail('probe') }, ip)).statusCode).toBe(200);
    }
    expectLimited(await post(t, '/api/users/request-reset-password/', { email: uniqueEmail('probe') }, ip), 60);
  });
});

describe('resent verification mails', () => {
  const url = '/api/users/resend-verification/';

  it(`allow ${AUTH_LIMITS.resendVerification.perEmail.max} per e-mail per hour, the same for any address`, async () => {
    const nobody = uniqueEmail('nobody');
    for (let i = 0; i < AUTH_LIMITS.resendVerification.perEmail.max; i++) {
      expect((await post(t, url, { email: nobody })).statusCode).toBe(200);
    }
    expectLimited(await post(t, url, { email: nobody }), 60);
  });

  it(`allow ${AUTH_LIMITS.resendVerification.perIp.max} per IP per hour`, async () => {
    const ip = nextIp();
    for (let i = 0; i < AUTH_LIMITS.resendVerification.perIp.max; i++) {
      expect((await post(t, url, { email: uniqueEmail('probe') }, ip)).statusCode).toBe(200);
    }
    expectLimited(await post(t, url, { email: uniqueEmail('probe') }, ip), 60);
  });
});
