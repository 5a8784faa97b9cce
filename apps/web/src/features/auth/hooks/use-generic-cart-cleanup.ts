/**
 * docs/spec/customer-journey.md §4: "While a user is logged in, the generic cart key is removed." Runs whenever the
 * session appears (login here or in another tab) and on every page load with a session.
 */
import { useEffect } from 'react';
import { GENERIC_CART_KEY, notifyCartChanged } from '#lib/cart-count.ts';

export function useGenericCartCleanup(loggedIn: boolean) {
  useEffect(() => {
    if (!loggedIn || localStorage.getItem(GENERIC_CART_KEY) === null) return;
    localStorage.removeItem(GENERIC_CART_KEY);
    notifyCartChanged();
  }, [loggedIn]);
}
