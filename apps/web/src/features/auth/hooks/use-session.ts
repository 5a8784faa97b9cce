/**
 * The current session (user + tokens) from local storage, re-rendering on every change, including changes
 * made in other tabs (login, logout, token refresh).
 */
import { useSyncExternalStore } from 'react';
import type { Session } from '@bindery/api-client/session-store';
import { sessionStore } from '#lib/session-store.ts';

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
}
