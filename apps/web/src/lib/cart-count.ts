/**
 * The header's cart badge: the length of the generic cart list kept in local storage under `cart`
 * (customer-journey.md §3: "The header badge counts a separate generic cart key"). Re-reads when another tab
 * changes storage, or when this tab announces a change with notifyCartChanged().
 */
import { useSyncExternalStore } from 'react';

export const GENERIC_CART_KEY = 'cart';
const EVENT = 'bindery:cart-changed';

export function readCartCount(): number {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(GENERIC_CART_KEY) ?? '[]');
    return Array.isArray(value) ? value.length : 0;
  } catch {
    // A corrupt entry counts as an empty cart rather than breaking every page's header.
    return 0;
  }
}

export function notifyCartChanged() {
  window.dispatchEvent(new Event(EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(EVENT, onChange);
  };
}

export function useCartCount(): number {
  return useSyncExternalStore(subscribe, readCartCount, () => 0);
}
