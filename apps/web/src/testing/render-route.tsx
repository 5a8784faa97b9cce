/** Renders the real route table at `path` with fresh providers (no query retries), for component tests. */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { createTestRouter } from '../app/router';

export function renderRoute(path: string) {
  const router = createTestRouter(path);
  const view = render(
    <AppProvider queryClient={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
