/**
 * Every route of the admin SPA, lazy-loaded. The admin app is its own origin; its pages call admin API routes,
 * which check the admin role on the server.
 */
import {
  Navigate,
  Outlet,
  ScrollRestoration,
  createBrowserRouter,
  createMemoryRouter,
  type RouteObject,
} from 'react-router-dom';
import { startFullLoadsAtTop } from '@bindery/ui/page-history';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { AdminLayout } from './routes/admin-layout';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** Every page: scroll to the top on a new page, back where it was on Back (ADR 0052). */
function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Nothing until the first page's lazy module is in (said, so the router does not warn at every full load). */
function HydrateFallback() {
  return null;
}

const pages: RouteObject[] = [
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
      { path: 'manage-users/:id', lazy: page(() => import('./routes/user-api-keys')) },
      { path: 'admin/resale-certificates', lazy: page(() => import('./routes/resale-certificates')) },
      { path: 'admin/production', lazy: page(() => import('./routes/production')) },
      { path: 'admin/price-history', lazy: page(() => import('./routes/price-history')) },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

export const routes: RouteObject[] = [{ element: <Root />, HydrateFallback, children: pages }];

/** The browser's router; a full load starts at the top, Back restores the scroll (ADR 0052). */
export const createAppRouter = () => {
  startFullLoadsAtTop();
  return createBrowserRouter(routes);
};
export const createTestRouter = (path: string) => createMemoryRouter(routes, { initialEntries: [path] });
