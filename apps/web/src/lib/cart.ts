/**
 * The cart: the projects a customer means to order, kept in local storage under `cart_{userId}` (`cart_guest`
 * without a session), as docs/spec/customer-journey.md §3 says. It holds only project ids and labels for display; every
 * price comes from the server at /shop (save-shipping prices the projects again). Re-reads when another tab
 * changes storage, or when this tab announces a change.
 */
import { useSyncExternalStore } from 'react';

export interface CartItem {
  id: number;
  title: string;
  category: string;
}

/** Announced on window after every write, so this tab's readers re-read (other tabs hear `storage`). */
export const CART_CHANGED_EVENT = 'bindery:cart-changed';

export const cartKey = (userId: number | null | undefined) => (userId ? `cart_${userId}` : 'cart_guest');

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return Number.isInteger(item.id) && typeof item.title === 'string' && typeof item.category === 'string';
}

// useSyncExternalStore needs a stable snapshot per key, so parsed carts are cached by their raw text.
const snapshots = new Map<string, { raw: string | null; items: CartItem[] }>();

export function readCart(userId: number | null | undefined): CartItem[] {
  const key = cartKey(userId);
  const raw = localStorage.getItem(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.items;
  let items: CartItem[] = [];
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    // A corrupt entry counts as an empty cart rather than breaking every page.
    items = Array.isArray(value) ? value.filter(isCartItem) : [];
  } catch {
    items = [];
  }
  snapshots.set(key, { raw, items });
  return items;
}

function writeCart(userId: number | null | undefined, items: CartItem[]) {
  localStorage.setItem(cartKey(userId), JSON.stringify(items));
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/** Adds a project (once: adding it again keeps one entry, with the newer title and category). */
export function addToCart(userId: number | null | undefined, item: CartItem) {
  const others = readCart(userId).filter((i) => i.id !== item.id);
  writeCart(userId, [...others, { id: item.id, title: item.title, category: item.category }]);
}

export function removeFromCart(userId: number | null | undefined, ids: readonly number[]) {
  writeCart(
    userId,
    readCart(userId).filter((i) => !ids.includes(i.id)),
  );
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}

const EMPTY: CartItem[] = [];

/** The cart of `userId`, re-rendering on every change (this tab or another). */
export function useCart(userId: number | null | undefined): CartItem[] {
  return useSyncExternalStore(
    subscribe,
    () => readCart(userId),
    () => EMPTY,
  );
}
