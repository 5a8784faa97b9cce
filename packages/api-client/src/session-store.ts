/**
 * The browser session both SPAs keep, without the API client: stored in local storage under `user` (JSON),
 * `accessToken` (the spec's key) and `refreshToken`; every tab of one origin shares it, and the `storage` event
 * tells the other tabs about each change (cross-tab sync).
 *
 * Kept apart from session.ts (the client, the refresh, zod) so a page's shell can know who is logged in without
 * loading the API client and zod: the storefront's header reads it on every page (home route budget).
 * @see docs/decisions/0009-sessions-and-mailed-link-tokens.md
 */
import type { SessionUser } from '@bindery/contracts/store/users';

export const SESSION_KEYS = { user: 'user', access: 'accessToken', refresh: 'refreshToken' } as const;

export interface Session {
  user: SessionUser;
  access: string;
  refresh: string;
}

export interface SessionStore {
  /** The current session, or null. The same object until the session changes (fit for useSyncExternalStore). */
  get(): Session | null;
  set(session: Session): void;
  clear(): void;
  /** Called on every change, made in this tab or in another one. */
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(storage: Storage = window.localStorage, events: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): SessionStore {
  const listeners = new Set<() => void>();
  let cachedRaw: string | undefined;
  let cached: Session | null = null;

  const notify = () => listeners.forEach((l) => l());
  const onStorage = (e: StorageEvent) => {
    // key === null: another tab called localStorage.clear().
    if (e.key === null || Object.values(SESSION_KEYS).includes(e.key as never)) notify();
  };

  function get(): Session | null {
    const raw = [SESSION_KEYS.user, SESSION_KEYS.access, SESSION_KEYS.refresh].map((k) => storage.getItem(k) ?? '').join('\n');
    if (raw === cachedRaw) return cached;
    cachedRaw = raw;
    const [userText, access, refresh] = raw.split('\n') as [string, string, string];
    let user: SessionUser | undefined;
    try {
      const value: unknown = JSON.parse(userText);
      user = isSessionUser(value) ? value : undefined;
    } catch {
      user = undefined;
    }
    // The refresh token may be missing (a session stored by an older build): the access token still works.
    cached = user && access ? { user, access, refresh } : null;
    return cached;
  }

  return {
    get,
    set(session) {
      storage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
      storage.setItem(SESSION_KEYS.access, session.access);
      storage.setItem(SESSION_KEYS.refresh, session.refresh);
      notify();
    },
    clear() {
      for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key);
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
