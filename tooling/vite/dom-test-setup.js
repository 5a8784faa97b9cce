/**
 * Vitest set-up shared by the SPAs' component tests (jsdom): jest-dom matchers, one msw server per test file
 * (a request no handler answers fails the test it was made in), and a clean DOM, msw, localStorage, sessionStorage and in-memory session
 * after each test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * @param {import('msw/node').SetupServerApi} server
 * @param {() => void} [reset] forgets what the app keeps in memory between tests (the session's access token)
 */
export function setupDomTests(server, reset) {
  // Two shared cores: give findBy* queries room under load (the default 1 s flakes).
  configure({ asyncUtilTimeout: 5000 });

  // jsdom has no scrolling; React Router's ScrollRestoration calls it.
  window.scrollTo = () => undefined;

  // msw's 'error' only prints and answers a network error, which the app under test may well swallow (a query
  // that shows its own error state): each unhandled request is also kept and fails the test it happened in. One
  // made after a test's end (a timer of an unmounted page) is printed only: dropped when the next test starts, so
  // it never fails a test that did not make it.
  /** @type {string[]} */
  const unhandled = [];
  beforeAll(() =>
    server.listen({
      onUnhandledRequest: (request, print) => {
        unhandled.push(`${request.method} ${request.url}`);
        print.error();
      },
    }),
  );
  beforeEach(() => {
    unhandled.length = 0;
  });
  afterEach(() => {
    const missed = unhandled.splice(0);
    cleanup();
    server.resetHandlers();
    localStorage.clear();
    reset?.();
    sessionStorage.clear();
    if (missed.length > 0) throw new Error(`requests no msw handler answered: ${missed.join(', ')}`);
  });
  afterAll(() => server.close());
}

/**
 * Loads the module of every lazy route in `routes` (React Router route objects, children included) and puts what
 * each `lazy()` returned on the route itself, removing `lazy`. A component test's router then has no lazy route
 * left, so it is initialized the moment it is created and the first `render()` draws the whole page (layout and
 * page) inside React's act(): every effect of that render, such as the header's store subscriptions, has run when
 * `render()` returns. While `lazy` stayed, even an already imported module resolved a turn later, so the layout
 * was first drawn outside act() and its passive effects could still be pending when a test acted on what
 * findBy* had just found (the storefront's cart badge missed a cart change in a CI run; /success's
 * first test had waited on a page module's import). Call it at the top level of the test render helper
 * (`await preloadLazyRoutes(routes)`), so the cost is paid once per test file, at import, outside every test's clock.
 * The route objects are changed in place: they are the test file's own module instances.
 * @param {ReadonlyArray<{ lazy?: unknown; children?: ReadonlyArray<unknown> }>} routes
 */
export async function preloadLazyRoutes(routes) {
  /** @type {Promise<void>[]} */
  const loads = [];
  /** @param {ReadonlyArray<any>} list */
  const visit = (list) => {
    for (const route of list) {
      const lazy = route.lazy;
      if (typeof lazy === 'function') {
        loads.push(
          Promise.resolve(lazy()).then((resolved) => {
            Object.assign(route, resolved);
            delete route.lazy;
          }),
        );
      }
      if (route.children) visit(route.children);
    }
  };
  visit(routes);
  await Promise.all(loads);
}

/**
 * A promise the test settles by hand. A fake server's handler awaits `promise`, so a request stays in flight until
 * the test has seen what the page shows meanwhile (a disabled form, "Loading..."), then `resolve()` lets it answer:
 * the test waits on what it checks, not on a delay long enough to look (no fixed sleeps).
 * @template [T=void]
 * @returns {{ promise: Promise<T>; resolve: (value: T) => void }}
 */
export function deferred() {
  /** @type {(value: T) => void} */
  let resolve = () => undefined;
  const promise = new Promise((settle) => (resolve = settle));
  return { promise, resolve };
}
