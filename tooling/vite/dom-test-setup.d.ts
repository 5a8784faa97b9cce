import type { SetupServerApi } from 'msw/node';

/** Registers the shared component-test hooks for this msw server; see dom-test-setup.js. */
export declare function setupDomTests(server: SetupServerApi, reset?: () => void): void;
