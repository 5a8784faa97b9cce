/**
 * Rate limits of login, sign-up and reset requests: per client IP and per e-mail address, each answering 429
 * with Retry-After and a clear message. Each test uses its own client addresses (accounts.ts nextIp).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@bindery/mail-test';
import { messages } from '@bindery/contracts/messages';
import { AUTH_LIMITS } from '../../src/plugins/app/users/auth-rate-limits.js';
import { GOOD_PASSWORD, nextIp, post, uniqueEmail, verifiedCustomer } from '../accounts.js';
import { setupTestApp } from '../helper.js';

const mail = await startMailCatcher();
afterAll(() => mail.stop());
const t = setupTestApp({ env: { SMTP_URL: mail.url } });

function expectLimited(res: Awaited<ReturnType<typeof post>>, minutes: number) {
  expect(res.statusCode).toBe(429);
  expect(res.data).toEqual({
    error: messages.auth.tooManyAttempts(`${minutes} minutes`),
    code: 'TOO_MANY_REQUESTS',
    statusCode: 429,
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan((minutes - 1) * 60);
}

describe('login', () => {
  it(`allows ${AUTH_LIMITS.login.perEmail.max} attempts per e-mail per 15 minutes, from any number of IPs`, async () => {
    const { email, password } = await verifiedCustomer(t, mail);
    for (let i = 0; i < AUTH_LIMITS.login.perEmail.max - 1; i++) {
      expect((await post(t, '/api/users/login/', { email, password: 'Wr0ng-guess!' })).statusCode).toBe(401);
    }
    expectLimited(await post(t, '/api/users/login/', { email: email.toUpperCase(), password: 'Wr0ng-guess!' }), 15);
    // Even the right password waits now (the limit protects the account, not one client).
    expectLimited(await post(t, '/api/users/login/', { email, password }), 15);
    // Another account from the same kind of client is unaffected.
    const other = await verifiedCustomer(t, mail);
    expect((await post(t, '/api/users/login/', { email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it(`allows ${AUTH_LIMITS.login.perIp.max} attempts per IP per 15 minutes, whatever the addresses`, async () => {
    const ip = nextIp();
    for (let i = 0; i < AUTH_LIMITS.login.perIp.max; i++) {
      const res = await post(t, '/api/users/login/', { email: uniqueEmail('spray'), password: 'Spr4y-guess!' }, ip);
      expect(res.statusCode).toBe(401);
    }
    expectLimited(await post(t, '/api/users/login/', { email: uniqueEmail('spray'), password: 'Spr4y-guess!' }, ip), 15);
    expect((await post(t, '/api/users/login/', { email: uniqueEmail('spray'), password: 'x' }, nextIp())).statusCode).toBe(401);
  });
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
