/** The shared auth plugin: bearer access tokens, the user loaded from the database, the admin role checked there. */
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { sql } from 'kysely';
import { manualClock } from '#lib/clock.js';
import { createUser, json, request, setupTestApp } from '../helper.js';

const clock = manualClock();
const t = setupTestApp({
  clock,
  register: (app) => {
    void app.register(
      async (probe) => {
        probe.get('/me', { onRequest: [probe.authenticate] }, async (req) => ({ id: req.signedInUser().id }));
        probe.get('/admin', { onRequest: [probe.requireAdmin] }, async () => ({ ok: true }));
      },
      { prefix: '/api/_probe' },
    );
  },
});

describe('authenticate / requireAdmin', () => {
  it('refuses a request without a token with 401', async () => {
    const res = await request(t, { method: 'GET', url: '/api/_probe/me' });
    expect(res.statusCode).toBe(401);
    expect(json(res, ErrorBody).code).toBe('UNAUTHORIZED');
  });
  it('refuses a forged or expired token with 401', async () => {
    const forged = await request(t, {
      method: 'GET',
      url: '/api/_probe/me',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
    const { user } = await createUser(t);
    const expired = t.app.jwt.sign({ sub: String(user.id), typ: 'access' }, { expiresIn: -10 });
    const res = await request(t, {
      method: 'GET',
      url: '/api/_probe/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
  });
  it('refuses a token of another type (e.g. a refresh token) as an access token', async () => {
    const { user } = await createUser(t);
    const other = t.app.jwt.sign({ sub: String(user.id), typ: 'refresh' });
    const res = await request(t, {
      method: 'GET',
      url: '/api/_probe/me',
      headers: { authorization: `Bearer ${other}` },
    });
    expect(res.statusCode).toBe(401);
  });
  it('lets a customer through authenticate but refuses the admin route with 403', async () => {
    const { user, auth } = await createUser(t);
    expect((await request(t, { method: 'GET', url: '/api/_probe/me', headers: auth })).data).toEqual({
      id: user.id,
    });
    const res = await request(t, { method: 'GET', url: '/api/_probe/admin', headers: auth });
    expect(res.statusCode).toBe(403);
    expect(json(res, ErrorBody).code).toBe('FORBIDDEN');
  });
  it('reads the admin role from the database (within AUTH_CACHE_SECONDS), not from the token', async () => {
    const { user, auth } = await createUser(t, { is_admin: true });
    expect((await request(t, { method: 'GET', url: '/api/_probe/admin', headers: auth })).statusCode).toBe(
      200,
    );
    await t.db.updateTable('users').set({ is_admin: false }).where('id', '=', user.id).execute();
    // A change made behind the API's back shows once this instance's short cache entry runs out.
    clock.advance(t.config.authCacheMs);
    expect((await request(t, { method: 'GET', url: '/api/_probe/admin', headers: auth })).statusCode).toBe(
      403,
    );
    await sql`delete from users where id = ${user.id}`.execute(t.db);
    clock.advance(t.config.authCacheMs);
    expect((await request(t, { method: 'GET', url: '/api/_probe/admin', headers: auth })).statusCode).toBe(
      401,
    );
  });

  it('refuses a token whose session was revoked once the cache entry has run out, and reads the database again', async () => {
    const { auth, sessionId } = await createUser(t);
    expect((await request(t, { method: 'GET', url: '/api/_probe/me', headers: auth })).statusCode).toBe(200);
    await t.db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
    clock.advance(t.config.authCacheMs);
    expect((await request(t, { method: 'GET', url: '/api/_probe/me', headers: auth })).statusCode).toBe(401);
  });
});
