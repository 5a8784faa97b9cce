/** Renders the admin app's real route table at `path` with fresh providers (no retries), for component tests. */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { createTestRouter } from '../app/router';

export function renderAdminRoute(path: string) {
  const router = createTestRouter(path);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { ...render(<AppProvider queryClient={client}><RouterProvider router={router} /></AppProvider>), router };
}
