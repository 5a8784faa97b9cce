import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody } from '@bindery/contracts/common';
import { defineRoute, urlOf } from '@bindery/contracts/route';
import { adminUserRoutes } from '@bindery/contracts/admin/users';
import { adminSessionRoutes, SessionUser, userRoutes } from '@bindery/contracts/store/users';
import { ADMIN_SESSION, createSessionApiClient, endSession, requestLogin } from './session.js';
import {
  createSessionStore,
  isSessionUser,
  LEGACY_TOKEN_KEYS,
  SESSION_KEYS,
  type Session,
} from './session-store.js';

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const meRoute = defineRoute({
  method: 'GET',
  path: '/api/me',
  operationId: 'getMe',
  summary: 'test',
  tags: ['test'],
  access: 'customer',
  responses: { 200: z.object({ ok: z.boolean() }), 401: ErrorBody },
});
const publicRoute = defineRoute({
  method: 'GET',
  path: '/api/public',
  operationId: 'getPublic',
  summary: 'test',
  tags: ['test'],
  access: 'public',
  responses: { 200: z.object({ auth: z.null() }) },
});

/** A Storage shared by "tabs" (stores) in one test, like one origin's localStorage. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

const user = { id: 7, name: 'Ann', email: 'ann@example.test', is_admin: false };
const session = (access: string) => ({ user, access });
const unauthorized = () =>
  HttpResponse.json({ error: 'expired', code: 'UNAUTHORIZED', statusCode: 401 }, { status: 401 });
const newStore = (storage: Storage = new MemoryStorage()) => createSessionStore(storage, new EventTarget());

/** A protected endpoint that accepts exactly one access token. */
function protectedEndpoint(valid: () => string) {
  return http.get(`${API}${urlOf(meRoute)}`, ({ request }) =>
    request.headers.get('authorization') === `Bearer ${valid()}`
      ? HttpResponse.json({ ok: true })
      : unauthorized(),
  );
}

/** The refresh path as the API answers it: a body-less POST carrying the refresh cookie (here a header msw sees). */
function refreshEndpoint(
  answer: () => Response,
  seen: Array<{ body: string; authorization: string | null }> = [],
) {
  return http.post(`${API}${urlOf(userRoutes.refresh)}`, async ({ request }) => {
    seen.push({ body: await request.text(), authorization: request.headers.get('authorization') });
    return answer();
  });
}
/** The logout path: records the bearer token each revocation carries, and answers 204. */
const logoutEndpoint = (seen: Array<string | null>) =>
  http.post(`${API}${urlOf(userRoutes.logout)}`, ({ request }) => {
    seen.push(request.headers.get('authorization'));
    return new HttpResponse(null, { status: 204 });
  });
const renewed = (access: string) => () => HttpResponse.json({ access, access_expires_in: 3600, user });

describe('session store', () => {
  it('keeps the user in storage and the access token in memory only, as a stable object', () => {
    const storage = new MemoryStorage();
    const store = newStore(storage);
    expect(store.get()).toBeNull();
    store.set(session('a1'));
    expect(JSON.parse(storage.getItem(SESSION_KEYS.user) ?? 'null')).toEqual(user);
    expect(storage.length).toBe(1); // no token on disk
    expect(store.get()).toBe(store.get());
    expect(store.get()).toEqual(session('a1'));
    // Another page of the same origin (a reload, a new tab) knows who is signed in but has no token yet.
    expect(newStore(storage).get()).toEqual({ user });
    store.clear();
    expect(store.get()).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('removes the tokens an older build left in local storage', () => {
    const storage = new MemoryStorage();
    storage.setItem('user', JSON.stringify(user));
    for (const key of LEGACY_TOKEN_KEYS) storage.setItem(key, 'old-token');
    expect(newStore(storage).get()).toEqual({ user });
    expect(LEGACY_TOKEN_KEYS.map((k) => storage.getItem(k))).toEqual([null, null]);
  });

  it('ignores a corrupt stored user instead of crashing', () => {
    const storage = new MemoryStorage();
    storage.setItem('user', '{not json');
    expect(newStore(storage).get()).toBeNull();
  });

  it("does not hand one user's token to another who signed in from another tab", () => {
    const storage = new MemoryStorage();
    const store = newStore(storage);
    store.set(session('ann-token'));
    storage.setItem('user', JSON.stringify({ ...user, id: 8, name: 'Bob' }));
    expect(store.get()).toEqual({ user: { ...user, id: 8, name: 'Bob' } });
  });

  it('tells subscribers about changes in this tab and, through the storage event, in other tabs', () => {
    const storage = new MemoryStorage();
    const tab = new EventTarget() as unknown as Window;
    const store = createSessionStore(storage, tab);
    const seen: (Session | null)[] = [];
    const stop = store.subscribe(() => seen.push(store.get()));
    store.set(session('a1'));
    // Another tab logs out: the storage changes under us and the browser fires `storage` here.
    storage.clear();
    tab.dispatchEvent(Object.assign(new Event('storage'), { key: null }));
    tab.dispatchEvent(Object.assign(new Event('storage'), { key: 'unrelated' }));
    expect(seen).toEqual([session('a1'), null]);
    stop();
    store.set(session('a2'));
    expect(seen).toHaveLength(2);
  });
});

describe('session api client', () => {
  it('sends the access token, refreshes once on 401 through the cookie (no body, no bearer) and retries', async () => {
    const store = newStore();
    store.set(session('expired'));
    const refreshes: Array<{ body: string; authorization: string | null }> = [];
    server.use(
      protectedEndpoint(() => 'fresh'),
      refreshEndpoint(renewed('fresh'), refreshes),
    );
    const api = createSessionApiClient({ baseUrl: API, store });
    const [a, b] = await Promise.all([api.call(meRoute), api.call(meRoute)]);
    expect(a).toEqual({ ok: true });
    expect(b).toEqual({ ok: true });
    expect(refreshes).toEqual([{ body: '', authorization: null }]);
    expect(store.get()).toEqual(session('fresh'));
  });

  it('restores a reloaded page: one refresh before its first requests, then the bearer token', async () => {
    const storage = new MemoryStorage();
    newStore(storage).set(session('from-before-the-reload'));
    const store = newStore(storage); // the reloaded page: the user, no token
    const refreshes: Array<{ body: string; authorization: string | null }> = [];
    server.use(
      protectedEndpoint(() => 'restored'),
      refreshEndpoint(renewed('restored'), refreshes),
    );
    const api = createSessionApiClient({ baseUrl: API, store });
    await expect(Promise.all([api.call(meRoute), api.call(meRoute)])).resolves.toEqual([
      { ok: true },
      { ok: true },
    ]);
    expect(refreshes).toHaveLength(1);
    expect(store.get()).toEqual(session('restored'));
  });

  it("sends a visitor's requests without a token and without trying a refresh", async () => {
    const store = newStore();
    const refreshes: Array<{ body: string; authorization: string | null }> = [];
    server.use(
      http.get(`${API}${urlOf(publicRoute)}`, ({ request }) =>
        HttpResponse.json({ auth: request.headers.get('authorization') }),
      ),
      refreshEndpoint(renewed('x'), refreshes),
    );
    const api = createSessionApiClient({ baseUrl: API, store });
    await expect(api.call(publicRoute)).resolves.toEqual({ auth: null });
    expect(refreshes).toHaveLength(0);
  });

  it('clears the session when the server refuses the refresh cookie, and surfaces the 401', async () => {
    const store = newStore();
    store.set(session('expired'));
    server.use(
      protectedEndpoint(() => 'never'),
      refreshEndpoint(() =>
        HttpResponse.json(
          { error: 'Session expired. Please log in again.', code: 'UNAUTHORIZED', statusCode: 401 },
          { status: 401 },
        ),
      ),
    );
    const api = createSessionApiClient({ baseUrl: API, store });
    await expect(api.call(meRoute)).rejects.toMatchObject({ status: 401 });
    expect(store.get()).toBeNull();
  });

  it('keeps the session when the refresh fails for a network reason', async () => {
    const store = newStore();
    store.set(session('expired'));
    server.use(
      protectedEndpoint(() => 'never'),
      refreshEndpoint(() => HttpResponse.error()),
    );
    const api = createSessionApiClient({ baseUrl: API, store });
    await expect(api.call(meRoute)).rejects.toMatchObject({ status: 401 });
    expect(store.get()).toEqual(session('expired'));
  });

  it('does not refresh again when this page got a token while the call waited for the lock', async () => {
    const store = newStore();
    store.set(session('expired'));
    let refreshes = 0;
    server.use(
      protectedEndpoint(() => 'got-meanwhile'),
      refreshEndpoint(() => {
        refreshes += 1;
        return unauthorized();
      }),
    );
    // While the lock was held, another refresher of this page (an upload's) stored a fresh token.
    const locks = {
      request: async <T>(_name: string, work: () => Promise<T>) => {
        store.set(session('got-meanwhile'));
        return work();
      },
    };
    const api = createSessionApiClient({ baseUrl: API, store, locks });
    await expect(api.call(meRoute)).resolves.toEqual({ ok: true });
    expect(refreshes).toBe(0);
  });

  it('never tries a refresh for a request sent without a token (e.g. a failed login)', async () => {
    const store = newStore();
    server.use(
      http.post(`${API}${urlOf(userRoutes.login)}`, () =>
        HttpResponse.json(
          { error: 'Invalid or unverified account', code: 'UNAUTHORIZED', statusCode: 401 },
          { status: 401 },
        ),
      ),
    );
    const api = createSessionApiClient({ baseUrl: API, store });
    await expect(requestLogin(api, { email: 'a@b.co', password: 'x' })).rejects.toThrow(
      'Invalid or unverified account',
    );
  });

  it('endSession revokes the session with its bearer token and clears it locally even if that fails', async () => {
    const store = newStore();
    store.set(session('a'));
    const revoked: Array<string | null> = [];
    server.use(logoutEndpoint(revoked));
    const api = createSessionApiClient({ baseUrl: API, store });
    await endSession(api, store);
    expect(revoked).toEqual(['Bearer a']);
    expect(store.get()).toBeNull();

    store.set(session('b'));
    server.use(http.post(`${API}${urlOf(userRoutes.logout)}`, () => HttpResponse.error()));
    await endSession(api, store);
    expect(store.get()).toBeNull();
  });

  it("the admin app's client logs in, refreshes and logs out on the admin app's own routes, never the shop's", async () => {
    const store = newStore();
    const calls: string[] = [];
    const record = (path: string, answer: () => Response) =>
      http.post(`${API}${path}`, () => {
        calls.push(path);
        return answer();
      });
    server.use(
      record(urlOf(adminSessionRoutes.login), renewed('logged-in')),
      record(urlOf(adminSessionRoutes.refresh), renewed('renewed')),
      record(urlOf(adminUserRoutes.logout), () => new HttpResponse(null, { status: 204 })),
      record(urlOf(userRoutes.login), unauthorized),
      record(urlOf(userRoutes.refresh), unauthorized),
      record(urlOf(userRoutes.logout), unauthorized),
      protectedEndpoint(() => 'renewed'),
    );
    const api = createSessionApiClient({ baseUrl: API, store, session: ADMIN_SESSION });
    const res = await requestLogin(api, { email: 'staff@example.test', password: 'x' });
    // The page keeps an expired token: the 401 is answered by the admin's refresh.
    store.set({ user: res.user, access: 'expired' });
    await expect(api.call(meRoute)).resolves.toEqual({ ok: true });
    await endSession(api, store);
    expect(calls).toEqual([
      '/api/users/admin/login/',
      '/api/users/admin/token/refresh/',
      '/api/users/admin/logout/',
    ]);
    expect(store.get()).toBeNull();
  });
});

describe('isSessionUser (the store reads users without zod)', () => {
  it('agrees with the contract schema SessionUser on valid and invalid users', () => {
    const samples: unknown[] = [
      { id: 1, name: 'Ann', email: 'ann@example.test', is_admin: false },
      { id: 7, name: '', email: 'x@example.test', is_admin: true },
      { id: 0, name: 'Ann', email: 'ann@example.test', is_admin: false },
      { id: 1.5, name: 'Ann', email: 'ann@example.test', is_admin: false },
      { id: '1', name: 'Ann', email: 'ann@example.test', is_admin: false },
      { id: 1, email: 'ann@example.test', is_admin: false },
      { id: 1, name: 'Ann', email: 'ann@example.test', is_admin: 'no' },
      { id: 1, name: 'Ann', email: 3, is_admin: false },
      null,
      'user',
      [],
    ];
    for (const sample of samples)
      expect(isSessionUser(sample), JSON.stringify(sample)).toBe(SessionUser.safeParse(sample).success);
  });
});
