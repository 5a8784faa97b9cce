/**
 * request.signedInUser() (plugins/app/auth.ts): the routes' typed accessor for the user authenticate signed in,
 * instead of `request.currentUser!`. Behind authenticate it is that user; asked on a route without the hook it
 * refuses with the spec's 401 body rather than crashing on undefined (a 500).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { createUser, setupTestApp } from './helper.js';

const t = setupTestApp({
  register: (app) => {
    // Test-only probes: one behind authenticate, one (wrongly) without it.
    app.get(
      '/api/_probe/me',
      { onRequest: app.authenticate, config: { access: 'customer' } },
      async (request) => ({
        id: request.signedInUser().id,
      }),
    );
    app.get('/api/_probe/unguarded', { config: { access: 'public' } }, async (request) => ({
      id: request.signedInUser().id,
    }));
  },
});
let customer: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  customer = await createUser(t);
});

describe('request.signedInUser()', () => {
  it('is the user authenticate signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_probe/me', headers: customer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: customer.user.id });
  });

  it('refuses with 401 on a route without authenticate, never a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/_probe/unguarded' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: messages.generic.unauthorized,
      code: 'UNAUTHORIZED',
      statusCode: 401,
    });
  });
});
