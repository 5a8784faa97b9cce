import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SessionUser } from '@bindery/contracts/store/users';
import { createSessionApiClient, endSession, requestLogin } from './session.js';
import { createSessionStore, isSessionUser, SESSION_KEYS, type Session } from './session-store.js';

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

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
    this.map.set(key, String(value));
  }
}

const user = { id: 7, name: 'Ann', email: 'ann@example.test', is_admin: false };
const session = (access: string, refresh: string): Session => ({ user, access, refresh });
const unauthorized = () => HttpResponse.json({ error: 'expired', code: 'UNAUTHORIZED', statusCode: 401 }, { status: 401 });

/** A protected endpoint that accepts exactly one access token. */
function protectedEndpoint(valid: () => string) {
  return http.get(`${API}/api/me`, ({ request }) =>
    request.headers.get('authorization') === `Bearer ${valid()}` ? HttpResponse.json({ ok: true }) : unauthorized(),
  );
}

describe('session store', () => {
  it('keeps user, access and refresh token under the spec keys and returns a stable object', () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage, new EventTarget() as unknown as Window);
    expect(store.get()).toBeNull();
    store.set(session('a1', 'r1'));
    expect(storage.getItem(SESSION_KEYS.access)).toBe('a1');
    expect(JSON.parse(storage.getItem('user')!)).toEqual(user);
    expect(store.get()).toBe(store.get());
    expect(store.get()).toEqual(session('a1', 'r1'));
    store.clear();
    expect(store.get()).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('ignores a corrupt stored user instead of crashing', () => {
    const storage = new MemoryStorage();
    storage.setItem('user', '{not json');
    storage.setItem('accessToken', 'a');
    expect(createSessionStore(storage, new EventTarget() as unknown as Window).get()).toBeNull();
  });

  it('tells subscribers about changes in this tab and, through the storage event, in other tabs', () => {
    const storage = new MemoryStorage();
    const tab = new EventTarget() as unknown as Window;
    const store = createSessionStore(storage, tab);
    const seen: (Session | null)[] = [];
    const stop = store.subscribe(() => seen.push(store.get()));
    store.set(session('a1', 'r1'));
    // Another tab logs out: the storage changes under us and the browser fires `storage` here.
    storage.clear();
    tab.dispatchEvent(Object.assign(new Event('storage'), { key: null }));
    tab.dispatchEvent(Object.assign(new Event('storage'), { key: 'unrelated' }));
    expect(seen).toEqual([session('a1', 'r1'), null]);
    stop();
    store.set(session('a2', 'r2'));
    expect(seen).toHaveLength(2);
  });
});

describe('session api client', () => {
  it('sends the access token, refreshes once on 401, stores the new pair and retries', async () => {
    const store = createSessionStore(new MemoryStorage(), new EventTarget() as unknown as Window);
    store.set(session('expired', 'r1'));
    const refreshBodies: unknown[] = [];
    server.use(
      protectedEndpoint(() => 'fresh'),
      http.post(`${API}/api/users/token/refresh/`, async ({ request }) => {
        refreshBodies.push(await request.json());
        expect(request.headers.get('authorization')).toBeNull();
        return HttpResponse.json({ access: 'fresh', refresh: 'r2', access_expires_in: 3600 });
      }),
    );
    const api = createSessionApiClient({ baseUrl: API, store });
    const [a, b] = await Promise.all([
      api.get('/api/me', { schema: z.object({ ok: z.boolean() }) }),
      api.get('/api/me', { schema: z.object({ ok: z.boolean() }) }),
    ]);
    expect(a).toEqual({ ok: true });
    expect(b).toEqual({ ok: true });
    expect(refreshBodies).toEqual([{ refresh: 'r1' }]);
    expect(store.get()).toEqual(session('fresh', 'r2'));
  });

  it('clears the session when the server refuses the refresh token, and surfaces the 401', async () => {
    const store = createSessionStore(new MemoryStorage(), new EventTarget() as unknown as Window);
    store.set(session('expired', 'revoked'));
    server.use(
      protectedEndpoint(() => 'never'),
      http.post(`${API}/api/users/token/refresh/`, () =>
        HttpResponse.json({ error: 'Session expired. Please log in again.', code: 'UNAUTHORIZED', statusCode: 401 }, { status: 401 }),
      ),
    );
    const api = createSessionApiClient({ baseUrl: API, store });
    await expect(api.get('/api/me', { schema: z.unknown() })).rejects.toMatchObject({ status: 401 });
    expect(store.get()).toBeNull();
  });

  it('keeps the session when the refresh fails for a network reason', async () => {
    const store = createSessionStore(new MemoryStorage(), new EventTarget() as unknown as Window);
    store.set(session('expired', 'r1'));
    server.use(protectedEndpoint(() => 'never'), http.post(`${API}/api/users/token/refresh/`, () => HttpResponse.error()));
    const api = createSessionApiClient({ baseUrl: API, store });
    await expect(api.get('/api/me', { schema: z.unknown() })).rejects.toMatchObject({ status: 401 });
    expect(store.get()).toEqual(session('expired', 'r1'));
  });

  it('does not refresh again when another tab already did while this one waited for the lock', async () => {
    const storage = new MemoryStorage();
    const store = createSessionStore(storage, new EventTarget() as unknown as Window);
    store.set(session('expired', 'r1'));
    let refreshes = 0;
    server.use(
      protectedEndpoint(() => 'from-other-tab'),
      http.post(`${API}/api/users/token/refresh/`, () => {
        refreshes += 1;
        return unauthorized();
      }),
    );
    // The lock is held by "another tab", which stores its fresh pair before releasing it.
    const locks = {
      request: async <T,>(_name: string, work: () => Promise<T>) => {
        storage.setItem('accessToken', 'from-other-tab');
        storage.setItem('refreshToken', 'r2');
        return work();
      },
    };
    const api = createSessionApiClient({ baseUrl: API, store, locks });
    await expect(api.get('/api/me', { schema: z.object({ ok: z.boolean() }) })).resolves.toEqual({ ok: true });
    expect(refreshes).toBe(0);
  });

  it('never tries a refresh for a request sent without a token (e.g. a failed login)', async () => {
    const store = createSessionStore(new MemoryStorage(), new EventTarget() as unknown as Window);
    server.use(
      http.post(`${API}/api/users/login/`, () =>
        HttpResponse.json({ error: 'Invalid or unverified account', code: 'UNAUTHORIZED', statusCode: 401 }, { status: 401 }),
      ),
    );
    const api = createSessionApiClient({ baseUrl: API, store });
    await expect(requestLogin(api, { email: 'a@b.co', password: 'x' })).rejects.toThrow('Invalid or unverified account');
  });

  it('endSession revokes the refresh token on the server and clears the session even if that fails', async () => {
    const store = createSessionStore(new MemoryStorage(), new EventTarget() as unknown as Window);
    store.set(session('a', 'r-to-revoke'));
    const revoked: unknown[] = [];
    server.use(
      http.post(`${API}/api/users/logout/`, async ({ request }) => {
        revoked.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const api = createSessionApiClient({ baseUrl: API, store });
    await endSession(api, store);
    expect(revoked).toEqual([{ refresh: 'r-to-revoke' }]);
    expect(store.get()).toBeNull();

    store.set(session('a', 'r3'));
    server.use(http.post(`${API}/api/users/logout/`, () => HttpResponse.error()));
    await endSession(api, store);
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
    for (const sample of samples) expect(isSessionUser(sample), JSON.stringify(sample)).toBe(SessionUser.safeParse(sample).success);
  });
});
