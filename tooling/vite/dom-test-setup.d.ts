import type { SetupServerApi } from 'msw/node';

/** Registers the shared component-test hooks for this msw server; see dom-test-setup.js. */
export declare function setupDomTests(server: SetupServerApi, reset?: () => void): void;
/** Loads every lazy route's module and puts it on its route (no `lazy` left), so a test router starts initialized; see dom-test-setup.js. */
export type LazyRouteTree = ReadonlyArray<{ lazy?: unknown; children?: LazyRouteTree }>;
export declare function preloadLazyRoutes(routes: LazyRouteTree): Promise<void>;
/** A promise the test settles by hand (a fake server's answer held in flight); see dom-test-setup.js. */
export declare function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void };
