/** The frame of every page: skip link, header, the routed page, footer. */
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Spinner } from '@bindery/ui/spinner';
import { SiteFooter } from '#components/layout/site-footer.tsx';
import { SiteHeader } from '#components/layout/site-header.tsx';
import { AccountAction } from '#features/auth/components/account-action.tsx';
import { useGenericCartCleanup } from '#features/auth/hooks/use-generic-cart-cleanup.ts';
import { useLoggedIn } from '../session';

export function RootLayout() {
  const loggedIn = useLoggedIn();
  useGenericCartCleanup(loggedIn);
  return (
    <>
      <a className="b-skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader loggedIn={loggedIn} accountAction={<AccountAction loggedIn={loggedIn} />} />
      <main id="main" className="b-main" tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </>
  );
}
