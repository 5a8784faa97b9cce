/**
 * Whether a customer is logged in, for the header's icons and 'Create Your Print Book'. The spec keeps the access
 * token in local storage under `accessToken` (customer-journey.md §3); changes in other tabs sync through the
 * storage event. TODO(auth, issue 4): switch to the auth feature's session hook when it lands.
 */
import { useSyncExternalStore } from 'react';

const TOKEN_KEY = 'accessToken';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, () => Boolean(localStorage.getItem(TOKEN_KEY)), () => false);
}
