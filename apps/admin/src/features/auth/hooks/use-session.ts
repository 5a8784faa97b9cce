/** The admin app's session, re-rendering on every change (also from other tabs of the admin app). */
import { useSyncExternalStore } from 'react';
import { sessionStore } from '#lib/api-client.ts';

export const useSession = () => useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
