/**
 * Rate-limit counters shared by every API instance (docs/decisions/0024): two apps on one database count one
 * client's attempts together, for the account endpoints and for routes limited through @fastify/rate-limit; the
 * window, the sweep and the stored keys, with a clock the test moves.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '#app.js';
import { manualClock } from '#lib/clock.js';
import { createRateLimiter } from '#plugins/app/rate-limits/rate-limiter.js';
import { AUTH_LIMITS } from '#plugins/app/users/auth-rate-limits.js';
import { createUser, setupTestApp } from '../helper.js';

const probe = (app: FastifyInstance) => {
  app.get('/api/_probe/limited', { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({
    ok: true,
  }));
};
const t = setupTestApp({ register: probe });

describe.skipIf(inject('pg').mode !== 'postgres')('two API instances on one database', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp({ config: t.config });
    probe(other);
    await other.ready();
  });
  afterAll(async () => {
    // Unset when beforeAll failed before building it.
    await (other as FastifyInstance | undefined)?.close();
  });

  it('count one client’s failed logins together, whichever instance answers', async () => {
    const { user } = await createUser(t, { password: 'Sup3r-secret!' });
    const remoteAddress = '10.77.0.1';
    const attempt = (app: FastifyInstance, password = 'Wr0ng-guess!') =>
      app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: { email: user.email, password },
        remoteAddress,
      });
    const max = AUTH_LIMITS.login.perEmailAndIp.max;
    for (let i = 0; i < max; i++) expect((await attempt(i % 2 ? other : t.app)).statusCode).toBe(401);
    // Per-instance counters would allow each instance its own ten (twenty in all).
    expect((await attempt(t.app)).statusCode).toBe(429);
    expect((await attempt(other)).statusCode).toBe(429);
  });

  it('count a route limited through @fastify/rate-limit together', async () => {
    const get = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/_probe/limited', remoteAddress: '10.77.0.2' });
    expect((await get(t.app)).statusCode).toBe(200);
    expect((await get(other)).statusCode).toBe(200);
    expect((await get(t.app)).statusCode).toBe(200);
    const limited = await get(other);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', statusCode: 429 });
    // Another client is counted apart.
    expect(
      (await other.inject({ method: 'GET', url: '/api/_probe/limited', remoteAddress: '10.77.0.3' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the shared limiter', () => {
  it('counts in a fixed window, starts afresh when it ends, and sweeps ended windows', async () => {
    const clock = manualClock(new Date('2026-11-23T10:00:00Z'));
    const limiter = createRateLimiter({ db: t.db, clock });
    const limit = { max: 2, windowMs: 60_000 };
    expect(await limiter.hit('test:window', limit)).toEqual({
      allowed: true,
      hits: 1,
      max: 2,
      retryAfterS: 60,
    });
    clock.advance(20_000);
    expect(await limiter.hit('test:window', limit)).toEqual({
      allowed: true,
      hits: 2,
      max: 2,
      retryAfterS: 40,
    });
    expect(await limiter.hit('test:window', limit)).toMatchObject({
      allowed: false,
      hits: 3,
      retryAfterS: 40,
    });
    clock.advance(40_000);
    expect(await limiter.hit('test:window', limit)).toEqual({
      allowed: true,
      hits: 1,
      max: 2,
      retryAfterS: 60,
    });
    await limiter.reset('test:window');
    expect((await limiter.hit('test:window', limit)).hits).toBe(1);

    await limiter.hit('test:other', { max: 1, windowMs: 1_000 });
    clock.advance(60_000);
    // Both windows have ended now: the sweep removes them (and whatever earlier tests left, ended long ago).
    expect(await limiter.sweep()).toBeGreaterThanOrEqual(2);
    expect(
      await t.db
        .selectFrom('rate_limit_counters')
        .selectAll()
        .where('window_ends_at', '<=', clock.now())
        .execute(),
    ).toEqual([]);
  });

  it('never loses a hit under concurrency, and stores no e-mail address or IP in clear', async () => {
    const limiter = createRateLimiter({ db: t.db, clock: manualClock(new Date('2030-01-01T00:00:00Z')) });
    const key = 'login:email-ip:ann@example.test:10.1.2.3';
    const results = await Promise.all(
      Array.from({ length: 40 }, () => limiter.hit(key, { max: 10, windowMs: 60_000 })),
    );
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    const keys = (await t.db.selectFrom('rate_limit_counters').select('key').execute()).map((r) => r.key);
    expect(keys.some((k) => k.includes('ann@') || k.includes('10.1.2.3'))).toBe(false);
  });
});
