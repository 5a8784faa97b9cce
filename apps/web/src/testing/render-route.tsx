/**
 * Renders the real route table at `path` with fresh providers (no query retries), for component tests. `wrap`
 * puts extra providers around the router (e.g. a test's own LeaveSiteProvider).
 */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { preloadLazyRoutes } from '@bindery/vite-config/dom-test-setup';
import { AppProvider } from '../app/provider';
import { createTestRouter, routes, type TestEntry } from '../app/router';

// Every page module is loaded once, when a test file imports this helper, so no test waits on an import.
await preloadLazyRoutes(routes);

export function renderRoute(path: TestEntry, wrap: (router: ReactNode) => ReactNode = (router) => router) {
  const router = createTestRouter(path);
  const view = render(
    <AppProvider queryClient={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      {wrap(<RouterProvider router={router} />)}
    </AppProvider>,
  );
  return { ...view, router };
}
