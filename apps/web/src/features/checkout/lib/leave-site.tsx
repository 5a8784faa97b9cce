/**
 * Leaving the SPA for a payment provider's page (Stripe Checkout, PayPal approval) is a full page load through
 * window.location.assign. Components take the function from this context, so a test can provide its own and see
 * where the page would have gone (jsdom cannot navigate) without mocking any module.
 */
import { createContext, useContext } from 'react';

export type LeaveSite = (url: string) => void;

const LeaveSiteContext = createContext<LeaveSite>((url) => window.location.assign(url));

export const LeaveSiteProvider = LeaveSiteContext.Provider;

export const useLeaveSite = (): LeaveSite => useContext(LeaveSiteContext);
