/**
 * Every route of the customer SPA, each lazy-loaded so the home page ships only its own code.
 * Add a route as one object here; its module default-exports the page component.
 * @see bulletproof-react apps/react-vite/src/app/router.tsx
 */
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from './routes/root-layout';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, lazy: page(() => import('./routes/home')) },
      { path: 'status', lazy: page(() => import('./routes/status')) },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/** For component tests: the real route table in memory, starting at `path`. */
export const createTestRouter = (path: string) => createMemoryRouter(routes, { initialEntries: [path] });
