/**
 * Vitest set-up shared by the SPAs' component tests (jsdom): jest-dom matchers, one msw server per test file
 * (unhandled requests fail the test), and a clean DOM, msw, localStorage, sessionStorage and in-memory session
 * after each test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * @param {import('msw/node').SetupServerApi} server
 * @param {() => void} [reset] forgets what the app keeps in memory between tests (the session's access token)
 */
export function setupDomTests(server, reset) {
  // Two shared cores: give findBy* queries room under load (the default 1 s flakes).
  configure({ asyncUtilTimeout: 5000 });

  // jsdom has no scrolling; React Router's ScrollRestoration calls it.
  window.scrollTo = () => undefined;

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    localStorage.clear();
    reset?.();
    sessionStorage.clear();
  });
  afterAll(() => server.close());
}
