/**
 * The browser session both SPAs keep, without the API client (docs/decisions/0025):
 * - who is signed in: the user (JSON) in local storage under `user`, so every tab of the origin knows, the page
 *   shell can show it before any request, and the `storage` event tells the other tabs of a login or logout;
 * - the access token: in this page's memory only, never in storage, so a script injected into the page cannot
 *   read a token that outlives the page. A reload or a new tab starts without one and gets one from the refresh
 *   cookie (session.ts) on its first authenticated request;
 * - the refresh token: not here at all. It is an HttpOnly cookie the browser sends to the refresh path only.
 * The spec kept the access token in local storage under `accessToken` (docs/spec/customer-journey.md §Session); we
 * keep it in memory (docs/decisions/0025). Tokens that an older build stored there are removed when the store starts.
 *
 * Kept apart from session.ts (the client, the refresh, zod) so a page's shell can know who is logged in without
 * loading the API client and zod: the storefront's header reads it on every page (home route budget).
 * @see docs/decisions/0009-sessions-and-mailed-link-tokens.md
 */
import type { SessionUser } from '@bindery/contracts/store/users';

export const SESSION_KEYS = { user: 'user' } as const;
/** Where older builds kept the tokens; cleared at start so no long-lived token lingers on disk. */
export const LEGACY_TOKEN_KEYS = ['accessToken', 'refreshToken'] as const;

export interface Session {
  user: SessionUser;
  /** This page's access token; undefined until the first refresh of a reloaded page or a new tab. */
  access?: string;
}

export interface SessionStore {
  /** The current session, or null. The same object until the session changes (fit for useSyncExternalStore). */
  // Function properties, not methods: get and subscribe are handed to useSyncExternalStore as bare functions
  // (they use no `this`), which the typed lint's unbound-method allows only for these.
  get: () => Session | null;
  /** Signs in (user to storage, token to memory), or renews this page's access token. */
  set(session: { user: SessionUser; access: string }): void;
  clear(): void;
  /** Called on every change, made in this tab or in another one. */
  subscribe: (listener: () => void) => () => void;
}

export function createSessionStore(
  storage: Storage = window.localStorage,
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): SessionStore {
  const listeners = new Set<() => void>();
  // The token belongs to one user: if another tab signs in as someone else, this page's token is not theirs.
  let memory: { userId: number; access: string } | undefined;
  let cachedKey: string | undefined;
  let cached: Session | null = null;

  for (const key of LEGACY_TOKEN_KEYS) storage.removeItem(key);

  const notify = () => listeners.forEach((l) => l());
  const onStorage = (e: StorageEvent) => {
    // key === null: another tab called localStorage.clear().
    if (e.key === null || e.key === SESSION_KEYS.user) notify();
  };

  function get(): Session | null {
    const userText = storage.getItem(SESSION_KEYS.user) ?? '';
    const key = `${userText}\n${memory?.userId ?? ''}\n${memory?.access ?? ''}`;
    if (key === cachedKey) return cached;
    cachedKey = key;
    let user: SessionUser | undefined;
    try {
      const value: unknown = JSON.parse(userText);
      user = isSessionUser(value) ? value : undefined;
    } catch {
      user = undefined;
    }
    const access = user && memory?.userId === user.id ? memory.access : undefined;
    cached = user ? (access ? { user, access } : { user }) : null;
    return cached;
  }

  return {
    get,
    set(session) {
      memory = { userId: session.user.id, access: session.access };
      storage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
      notify();
    },
    clear() {
      memory = undefined;
      storage.removeItem(SESSION_KEYS.user);
      notify();
    },
    subscribe(listener) {
      if (listeners.size === 0) events.addEventListener('storage', onStorage as EventListener);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events.removeEventListener('storage', onStorage as EventListener);
      };
    },
  };
}

/**
 * Whether a stored value is a session user. Written out rather than parsed with the contract's zod schema so this
 * module stays free of zod; the fields are SessionUser's (a test checks the two agree).
 */
export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return (
    Number.isInteger(u.id) &&
    (u.id as number) > 0 &&
    typeof u.name === 'string' &&
    typeof u.email === 'string' &&
    typeof u.is_admin === 'boolean'
  );
}
