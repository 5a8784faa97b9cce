/**
 * The admin frame: header, the test payment mode banner when the server is in it, the spec's sidebar (Manage
 * Orders, books, shipping, payment, users, resale certificates, price history; collapsed behind "Menu" on a phone),
 * the page.
 */
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '@bindery/ui/spinner';
import { AdminHeaderActions } from './admin-header-actions';
import { TestModeBanner } from '#features/system/components/test-mode-banner.tsx';

// `also`: pages reached from a link's page (an order's details, a book's price editor) keep that link current.
const sidebar = [
  { to: '/admin/orders', label: 'Manage Orders', also: ['/admin/order-info'] },
  { to: '/manage-books', label: 'Manage Books', also: ['/admin/books'] },
  { to: '/admin/shipping', label: 'Shipping', also: [] },
  { to: '/admin/payment', label: 'Sales and payments', also: [] },
  { to: '/manage-users', label: 'Manage Users', also: [] },
  // Tax exemption evidence to review (docs/decisions/0032).
  { to: '/admin/resale-certificates', label: 'Resale certificates', also: [] },
  // Who changed which price, and the prices in force at a moment (docs/decisions/0063).
  { to: '/admin/price-history', label: 'Price history', also: [] },
  // Paid orders to make, grouped, with job tickets and packing slips (docs/decisions/0071).
  { to: '/admin/production', label: 'Production', also: [] },
];

const isUnder = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

export function AdminLayout() {
  const { pathname } = useLocation();
  // On a phone the sidebar is collapsed behind "Menu" (CSS shows it always on wider screens); a visit closes it.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuFor, setMenuFor] = useState(pathname);
  if (menuFor !== pathname) {
    setMenuFor(pathname);
    setMenuOpen(false);
  }
  return (
    <>
      <a className="b-skip-link" href="#main">
        Skip to content
      </a>
      <header className="b-header">
        <div className="b-container b-header__bar">
          <Link to="/admin" className="b-brand" aria-label="Bindery admin home">
            Bind<span>ery</span> Admin
          </Link>
          <button
            type="button"
            className="b-btn b-btn--secondary b-btn--sm b-sidebar-toggle"
            aria-expanded={menuOpen}
            aria-controls="admin-sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            Menu
          </button>
          <AdminHeaderActions />
        </div>
      </header>
      <TestModeBanner />
      <div className="b-sidebar-layout">
        <nav aria-label="Admin" className="b-sidebar" id="admin-sidebar" data-open={menuOpen}>
          {sidebar.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              aria-current={[l.to, ...l.also].some((p) => isUnder(pathname, p)) ? 'page' : undefined}
            >
              {l.label}
            </Link>
          ))}
        </nav>
        <main id="main" className="b-main" tabIndex={-1}>
          <div className="b-container">
            <Suspense fallback={<Spinner />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </>
  );
}
