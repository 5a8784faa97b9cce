/**
 * Leaving the SPA for another site (a payment provider's page: Stripe Checkout, PayPal approval; the admin console,
 * which is its own app) is a full page load through
 * window.location.assign. Components take the function from this context, so a test can provide its own and see
 * where the page would have gone (jsdom cannot navigate) without mocking any module.
 */
import { createContext, useContext } from 'react';

/** `replace`: the page left is not kept in the history (a redirect, so Back does not bounce the visitor again). */
export type LeaveSite = (url: string, options?: { replace?: boolean }) => void;

const LeaveSiteContext = createContext<LeaveSite>((url, options) =>
  options?.replace ? window.location.replace(url) : window.location.assign(url),
);

export const LeaveSiteProvider = LeaveSiteContext.Provider;

export const useLeaveSite = (): LeaveSite => useContext(LeaveSiteContext);
