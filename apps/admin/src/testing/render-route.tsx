/** Renders the admin app's real route table at `path` with fresh providers (no retries), for component tests. */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { preloadLazyRoutes } from '@bindery/vite-config/dom-test-setup';
import { AppProvider } from '../app/provider';
import { createTestRouter, routes } from '../app/router';

// Every page module is loaded once, when a test file imports this helper, so no test waits on an import.
await preloadLazyRoutes(routes);

export function renderAdminRoute(
  path: string,
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
) {
  const router = createTestRouter(path);
  return { ...render(<AppProvider queryClient={client}><RouterProvider router={router} /></AppProvider>), router };
}
