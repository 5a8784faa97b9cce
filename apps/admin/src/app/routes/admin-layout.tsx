/** The admin frame: header, the spec's sidebar (Manage Orders, books, shipping, payment, users), the page. */
import { Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { Spinner } from '@bindery/ui/spinner';
import { AdminHeaderActions } from '../../components/layout/admin-header-actions';

const sidebar = [
  { to: '/admin/orders', label: 'Manage Orders' },
  { to: '/manage-books', label: 'Manage Books' },
  { to: '/admin/shipping', label: 'Shipping' },
  { to: '/admin/payment', label: 'Payment' },
  { to: '/manage-users', label: 'Manage Users' },
];

export function AdminLayout() {
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
          <AdminHeaderActions />
        </div>
      </header>
      <div className="b-sidebar-layout">
        <nav aria-label="Admin" className="b-sidebar">
          {sidebar.map((l) => (
            <NavLink key={l.to} to={l.to}>
              {l.label}
            </NavLink>
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
