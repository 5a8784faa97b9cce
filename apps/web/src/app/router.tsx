/**
 * Every route of the customer SPA, each lazy-loaded so the home page ships only its own code.
 * Add a route as one object here; its module default-exports the page component.
 * @see bulletproof-react apps/react-vite/src/app/router.tsx
 */
import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from 'react-router-dom';
import { startFullLoadsAtTop } from '@bindery/ui/page-history';
import { legacyPaths } from '../components/layout/nav-links';
import { RootLayout } from './routes/root-layout';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // What shows while the first page's code loads at a full load: nothing, as before, but said (no router warning).
    HydrateFallback,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: 'status', lazy: page(() => import('./routes/status')) },
      // Storefront: info, pricing, product and resource pages, the seven calculators.
      ...['about', 'portfolio', 'print-shop'].map((path) => ({ path, lazy: page(() => import('./routes/info-page')) })),
      { path: 'pricing', lazy: page(() => import('./routes/pricing')) },
      { path: 'products/:segment', lazy: page(() => import('./routes/product-page')) },
      { path: 'resources/:segment', lazy: page(() => import('./routes/resource-page')) },
      // Find one of the customer's orders by its number (a static path outranks :segment).
      { path: 'resources/order-lookup', lazy: page(() => import('./routes/order-lookup')) },
      { path: 'calculator/:slug', lazy: page(() => import('./routes/calculator-page')) },
      { path: 'pricing-calculator', lazy: page(() => import('./routes/calculator-page')) },
      { path: 'cover-size', lazy: page(() => import('./routes/cover-size')) },
      // Accounts and sessions.
      { path: 'login', lazy: page(() => import('./routes/login')) },
      { path: 'signup', lazy: page(() => import('./routes/signup')) },
      { path: 'reset-password', lazy: page(() => import('./routes/reset-password')) },
      { path: 'reset-password/:uidb64/:token', lazy: page(() => import('./routes/reset-password-confirm')) },
      { path: 'resend-verification', lazy: page(() => import('./routes/resend-verification')) },
      { path: 'verify-email/:uidb64/:token', lazy: page(() => import('./routes/verify-email')) },
      { path: 'confirm-email/:uidb64/:emailb64/:token', lazy: page(() => import('./routes/confirm-email')) },
      { path: 'account-settings', lazy: page(() => import('./routes/account-settings')) },
      // The order journey: projects, cart, shipping and payment.
      { path: 'userdashboard', lazy: page(() => import('./routes/user-dashboard')) },
      { path: 'start-project', lazy: page(() => import('./routes/start-project')) },
      { path: 'design-project', lazy: page(() => import('./routes/design-project')) },
      { path: 'cover-expert', lazy: page(() => import('./routes/cover-expert')) },
      { path: 'orders', lazy: page(() => import('./routes/orders')) },
      { path: 'orders/:id', lazy: page(() => import('./routes/order')) },
      // The header spells it /Shop: routes match case-insensitively, so only that exact spelling is redirected.
      { path: 'Shop', caseSensitive: true, element: <Navigate to="/shop" replace /> },
      { path: 'shop', lazy: page(() => import('./routes/shop')) },
      { path: 'payment', lazy: page(() => import('./routes/payment')) },
      ...['success', 'cancel', 'payment/success', 'payment/cancel'].map((path) => ({
        path,
        lazy: page(() => import('./routes/payment-result')),
      })),
      // The admin console is its own app on its own address (ADR 0007): its paths opened here go there.
      ...['admin', 'admin/*', 'manage-users', 'manage-books'].map((path) => ({
        path,
        lazy: page(() => import('./routes/admin-redirect')),
      })),
      // Where the two spec documents spell a path differently, the other spelling redirects to the canonical one.
      ...Object.entries(legacyPaths).map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

/** Nothing until the first page's lazy module is in (a few milliseconds; the page shell comes with it). */
function HydrateFallback() {
  return null;
}

/** The browser's router; a full load starts at the top, Back restores the scroll (ScrollRestoration, ADR 0052). */
export const createAppRouter = () => {
  startFullLoadsAtTop();
  return createBrowserRouter(routes);
};

/** For component tests: the real route table in memory, starting at `path` (a path, or a location with navigation
 * state, as another page would have passed it). */
export type TestEntry = string | { pathname: string; search?: string; state?: unknown };
export const createTestRouter = (path: TestEntry) => createMemoryRouter(routes, { initialEntries: [path] });
