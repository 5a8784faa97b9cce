/**
 * Every route of the admin SPA, lazy-loaded. The admin app is its own origin; its pages call admin API routes,
 * which check the admin role on the server.
 */
import { Navigate, createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { AdminLayout } from './routes/admin-layout';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  // The admin app's own sign-in, outside the admin frame; every other page needs an admin session.
  { path: '/login', lazy: page(() => import('./routes/login')) },
  {
    path: '/',
    element: (
      <RequireAdmin>
        <AdminLayout />
      </RequireAdmin>
    ),
    children: [
      { index: true, element: <Navigate to="/admin" replace /> },
      { path: 'admin', lazy: page(() => import('./routes/dashboard')) },
      { path: 'admin/payment', lazy: page(() => import('./routes/payment-settings')) },
      { path: 'admin/shipping', lazy: page(() => import('./routes/shipping-settings')) },
      { path: 'manage-books', lazy: page(() => import('./routes/manage-books')) },
      { path: 'admin/books/:book/edit', lazy: page(() => import('./routes/price-editor')) },
      { path: 'admin/orders', lazy: page(() => import('./routes/orders')) },
      { path: 'admin/order-info', lazy: page(() => import('./routes/order-info')) },
      { path: 'manage-users', lazy: page(() => import('./routes/manage-users')) },
      { path: 'admin/resale-certificates', lazy: page(() => import('./routes/resale-certificates')) },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
export const createTestRouter = (path: string) => createMemoryRouter(routes, { initialEntries: [path] });
