/**
 * How both SPAs behave when the browser's history brings a page back (docs/decisions/0052).
 *
 * Scroll. React Router's <ScrollRestoration> keeps each history entry's scroll position in sessionStorage under the
 * entry's key, and restores it when the entry comes back. An entry the SPA did not create (the one a full page load
 * opens: a typed address, a reload, a link from a mail) has no key of its own: the router calls it 'default', so
 * every full load shared one saved position and opened where the last full-loaded page was left (/pricing at 500 px).
 * `startFullLoadsAtTop()`, called before the router is created, gives that entry a key of its own and, unless the
 * browser came to it by Back or Forward, forgets any position saved for it: every full load starts at the top, a
 * route change too (the router scrolls a new entry to the top), and Back and Forward restore where the page was.
 *
 * The back/forward cache. A browser may keep a page it left (for a payment provider's page, for the admin app) and
 * show it again on Back exactly as it was, in-flight state included ('Processing...', a disabled form): no code runs
 * again but a `pageshow` event whose `persisted` is true. `usePageRestored()` counts those returns, so a page with an
 * action in flight resets it and reads the server's state again.
 */
import { useEffect, useRef, useState } from 'react';

/** Where React Router's <ScrollRestoration> keeps the saved positions (its default storage key). */
export const SCROLL_POSITIONS_KEY = 'react-router-scroll-positions';

type HistoryWindow = Pick<Window, 'history' | 'sessionStorage' | 'performance'>;

const newKey = () => Math.random().toString(36).slice(2, 10);

export function startFullLoadsAtTop(win: HistoryWindow = window): void {
  try {
    const state: unknown = win.history.state;
    const current = state && typeof state === 'object' ? (state as Record<string, unknown>) : {};
    let key = current.key;
    if (typeof key !== 'string' || key === 'default') {
      key = newKey();
      // The router's own state fields (usr, idx) are kept; it reads the key from here.
      win.history.replaceState({ ...current, key }, '');
    }
    const [navigation] = win.performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (navigation?.type === 'back_forward') return;
    const saved: unknown = JSON.parse(win.sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? 'null');
    if (saved && typeof saved === 'object' && (key as string) in saved) {
      const rest = Object.entries(saved).filter(([entry]) => entry !== key);
      win.sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(Object.fromEntries(rest)));
    }
  } catch {
    // No sessionStorage (a locked-down browser) or an unreadable entry: the router's own behaviour stands.
  }
}

/**
 * How many times this page came back from the back/forward cache while the calling component was mounted; calls
 * `onRestore` (the latest one given) at each return. Use the count as a `key` to start a part of the page afresh.
 */
export function usePageRestored(onRestore?: () => void): number {
  const [restored, setRestored] = useState(0);
  const callback = useRef(onRestore);
  useEffect(() => {
    callback.current = onRestore;
  });
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setRestored((n) => n + 1);
      callback.current?.();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return restored;
}
