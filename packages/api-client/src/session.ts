/**
 * The browser session both SPAs keep, and the transparent token refresh.
 * - Stored in local storage under `user` (JSON), `accessToken` (the spec's key) and `refreshToken`; every tab
 *   of one origin shares it, and the `storage` event tells the other tabs about each change (cross-tab sync).
 * - `createSessionApiClient` wires the shared ApiClient to it: the access token goes out as the bearer token,
 *   and on a 401 the client refreshes once (POST api/users/token/refresh/) and retries. Refresh tokens are
 *   single-use and rotate, so tabs must not refresh with the same token at once: a Web Lock serialises them,
 *   and a tab that waited finds the new tokens another tab already stored. When the server refuses the
 *   refresh token the session is cleared (every tab sees the logout).
 * @see docs/decisions/0009-sessions-and-mailed-link-tokens.md
 */
import {
  StoreLoginResponse,
  StoreTokenRefreshResponse,
  type StoreLoginBody,
} from '@bindery/contracts/store/users';
import { z } from 'zod';
import { createApiClient, type ApiClient, type ApiClientOptions } from './client.js';
import type { SessionStore } from './session-store.js';


type LockManagerLike = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

/** The browser's Web Locks when present (all current browsers); otherwise run directly (one tab, tests). */
function defaultLocks(): LockManagerLike | undefined {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManagerLike });
  return nav?.locks;
}

export interface SessionClientOptions extends Omit<ApiClientOptions, 'getAccessToken' | 'refresh'> {
  store: SessionStore;
  locks?: LockManagerLike;
}

/**
 * Renews the tokens once. True when a retry may succeed (new tokens are stored); false when there is no session
 * or the server refused the refresh token (the session is then cleared).
 */
export function createSessionRefresher(client: ApiClient, store: SessionStore, locks = defaultLocks()): () => Promise<boolean> {
  return async () => {
    const before = store.get();
    if (!before?.refresh) return false;
    const work = async () => {
      const current = store.get();
      if (!current?.refresh) return false;
      // Another tab refreshed while this one waited for the lock: use what it stored.
      if (current.access !== before.access) return true;
      try {
        const pair = await client.post('/api/users/token/refresh/', {
          schema: StoreTokenRefreshResponse,
          body: { refresh: current.refresh },
          anonymous: true,
        });
        store.set({ user: current.user, access: pair.access, refresh: pair.refresh });
        return true;
      } catch (error) {
        // Refused (401/400): the session is over. A network failure or a 429 leaves it for the next attempt.
        const status = (error as { status?: number }).status;
        if (status === 401 || status === 400) store.clear();
        return false;
      }
    };
    return locks ? locks.request('bindery-session-refresh', work) : work();
  };
}

/** The shared ApiClient with the session's bearer token and the one-time refresh on 401. */
export function createSessionApiClient({ store, locks, ...options }: SessionClientOptions): ApiClient {
  let refresh: () => Promise<boolean> = async () => false;
  const client = createApiClient({ ...options, getAccessToken: () => store.get()?.access, refresh: () => refresh() });
  refresh = createSessionRefresher(client, store, locks);
  return client;
}

/** POST api/users/login/ (sends no bearer token). The caller decides whether to keep the session. */
export function requestLogin(client: ApiClient, body: StoreLoginBody) {
  return client.post('/api/users/login/', { schema: StoreLoginResponse, body, anonymous: true });
}

/** POST api/users/logout/: revokes a refresh token on the server, best effort (a failure is not the user's). */
export async function revokeRefreshToken(client: ApiClient, refresh: string): Promise<void> {
  await client.post('/api/users/logout/', { schema: z.undefined(), body: { refresh }, anonymous: true }).catch(() => undefined);
}

/** Ends the session: revokes the refresh token on the server (best effort) and always clears it locally. */
export async function endSession(client: ApiClient, store: SessionStore): Promise<void> {
  const refresh = store.get()?.refresh;
  store.clear();
  if (refresh) await revokeRefreshToken(client, refresh);
}
