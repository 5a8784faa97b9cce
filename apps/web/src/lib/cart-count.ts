/**
 * The header's cart badge: the number of projects in the cart /orders shows, that is the signed-in customer's
 * cart (`cart_{userId}`, lib/cart.ts) or, for a guest, the guest cart (`cart_guest`). The spec's header counted a
 * separate generic `cart` key that nothing filled, so the badge and the cart disagreed (docs/decisions/0015).
 * The generic key is still removed while a user is logged in (docs/spec/customer-journey.md §4; features/auth).
 */
import { useSyncExternalStore } from 'react';
import { sessionStore } from './session-store';
import { CART_CHANGED_EVENT, useCart } from './cart';

export const GENERIC_CART_KEY = 'cart';

/** Tells this tab's cart readers that storage changed (other tabs hear the `storage` event). */
export function notifyCartChanged() {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

export function useCartCount(): number {
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.get, () => null);
  return useCart(session?.user.id ?? null).length;
}
