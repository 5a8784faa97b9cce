/**
 * The browser session both SPAs keep, and the transparent token refresh (docs/decisions/0009, 0025).
 * - session-store.ts keeps who is signed in (local storage, shared by the tabs) and this page's access token
 *   (memory only). The refresh token is an HttpOnly cookie the page never sees.
 * - `createSessionApiClient` wires the shared ApiClient to it: the access token goes out as the bearer token; a
 *   page that has none yet (a reload, a new tab) gets one first from its app's refresh route (the browser sends the
 *   cookie), and a 401 is answered by one refresh and one retry.
 * - Each app has its own session routes and refresh cookie (docs/decisions/0052): the web shop's are
 *   api/users/{login,token/refresh,logout}/ (`SHOP_SESSION`), the admin app's api/users/admin/… (`ADMIN_SESSION`),
 *   so signing in or out of one app in a browser never touches the other's session on the same host.
 * - Refresh tokens are single-use and rotate, and the cookie is shared by every tab: a Web Lock serialises the
 *   refreshes of all tabs, so each sends the cookie the previous one received. A tab that waited and finds that
 *   its own page got a token meanwhile uses it. When the server refuses the refresh the session is over and is
 *   cleared (every tab sees the logout).
 */
import { adminUserRoutes } from '@bindery/contracts/admin/users';
import { adminSessionRoutes, userRoutes, type StoreLoginBody } from '@bindery/contracts/store/users';
import { createApiClient, type ApiClient, type ApiClientOptions } from './client.js';
import type { SessionStore } from './session-store.js';

type LockManagerLike = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

/** The browser's Web Locks when present (all current browsers); otherwise run directly (one tab, tests). */
function defaultLocks(): LockManagerLike | undefined {
  const nav =
    typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManagerLike });
  return nav?.locks;
}

/** The routes of one app's session: its login, its refresh (its own cookie) and its logout. */
export interface SessionRoutes {
  login: typeof userRoutes.login | typeof adminSessionRoutes.login;
  refresh: typeof userRoutes.refresh | typeof adminSessionRoutes.refresh;
  logout: typeof userRoutes.logout | typeof adminUserRoutes.logout;
}

/** The web shop's session: the spec's api/users/ paths and the cookie `bindery_refresh`. */
export const SHOP_SESSION: SessionRoutes = {
  login: userRoutes.login,
  refresh: userRoutes.refresh,
  logout: userRoutes.logout,
};

/** The admin app's session: api/users/admin/… and the cookie `bindery_admin_refresh` (admins only). */
export const ADMIN_SESSION: SessionRoutes = {
  login: adminSessionRoutes.login,
  refresh: adminSessionRoutes.refresh,
  logout: adminUserRoutes.logout,
};

export interface SessionClientOptions extends Omit<ApiClientOptions, 'getAccessToken' | 'refresh'> {
  store: SessionStore;
  locks?: LockManagerLike;
  /** Which app's session this client keeps; the shop's by default. */
  session?: SessionRoutes;
}

/** The session routes a client was made with (login and logout take them from the client). */
const routesOf = new WeakMap<ApiClient, SessionRoutes>();
const sessionOf = (client: ApiClient) => routesOf.get(client) ?? SHOP_SESSION;

/**
 * Renews this page's access token once. True when a retry may succeed (a new token is in the store); false when
 * nobody is signed in or the server refused the refresh cookie (the session is then cleared).
 */
export function createSessionRefresher(
  client: ApiClient,
  store: SessionStore,
  locks = defaultLocks(),
  session: SessionRoutes = SHOP_SESSION,
): () => Promise<boolean> {
  let inFlight: Promise<boolean> | undefined;
  const once = async () => {
    const before = store.get();
    if (!before) return false;
    const work = async () => {
      const current = store.get();
      if (!current) return false;
      // This page got a token while this call waited for the lock (another refresher of the same store).
      if (current.access && current.access !== before.access) return true;
      try {
        const res = await client.call(session.refresh, {}, { anonymous: true });
        store.set({ user: res.user, access: res.access });
        return true;
      } catch (error) {
        // Refused (401): the session is over. A network failure or a 429 leaves it for the next attempt.
        const status = (error as { status?: number }).status;
        if (status === 401 || status === 400) store.clear();
        return false;
      }
    };
    return locks ? locks.request('bindery-session-refresh', work) : work();
  };
  // Requests that start together on a fresh page all wait for one refresh.
  return () =>
    (inFlight ??= once().finally(() => {
      inFlight = undefined;
    }));
}

/**
 * The access token to send now: this page's, or, when someone is signed in but this page has none yet (a reload,
 * a new tab), one restored through `refresh`. Undefined for a visitor.
 */
export async function currentAccessToken(
  store: SessionStore,
  refresh: () => Promise<boolean>,
): Promise<string | undefined> {
  const session = store.get();
  if (!session) return undefined;
  if (session.access) return session.access;
  return (await refresh()) ? store.get()?.access : undefined;
}

/** The shared ApiClient with the session's bearer token, restored after a reload, and the one-time refresh on 401. */
export function createSessionApiClient({
  store,
  locks,
  session = SHOP_SESSION,
  ...options
}: SessionClientOptions): ApiClient {
  // Replaced below, once the client it refreshes through exists.
  let refresh: () => Promise<boolean> = () => Promise.resolve(false);
  const client = createApiClient({
    ...options,
    getAccessToken: () => currentAccessToken(store, refresh),
    refresh: () => refresh(),
  });
  refresh = createSessionRefresher(client, store, locks, session);
  routesOf.set(client, session);
  return client;
}

/**
 * The client's app's login (sends no bearer token). The refresh cookie is set by the answer; the caller decides
 * whether to keep the session.
 */
export function requestLogin(client: ApiClient, body: StoreLoginBody) {
  return client.call(sessionOf(client).login, { body }, { anonymous: true });
}

/**
 * Ends the session: revokes it on the server (best effort: the bearer token is restored first if this page has
 * none) and always clears it locally, in every tab.
 */
export async function endSession(client: ApiClient, store: SessionStore): Promise<void> {
  try {
    if (store.get()) await client.call(sessionOf(client).logout).catch(() => undefined);
  } finally {
    store.clear();
  }
}
