/**
 * The site header (docs/spec/customer-journey.md §2): brand, the main navigation with Products and Resources menus,
 * Pricing → /calculator/printbook, then the cart (badge = projects in the visitor's cart, lib/cart-count.ts) and
 * profile icons and the Login/Logout control. Guests are sent to /login from the cart and profile icons. Below 960 px the navigation
 * folds behind a menu button. Session state comes from the app layer (`loggedIn`, `accountAction`), so this
 * shared component does not depend on the auth feature.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useCartCount } from '#lib/cart-count.ts';
import { productLinks, resourceLinks, type NavLinkItem } from './nav-links';

export interface SiteHeaderProps {
  loggedIn?: boolean;
  /** The Login/Logout control; by default a Login link to /login. */
  accountAction?: ReactNode;
}

function MenuGroup({ label, links }: { label: string; links: NavLinkItem[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div className="b-nav__group" ref={ref}>
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {label}
      </button>
      <div className="b-nav__panel" id={panelId} hidden={!open}>
        {links.map((l) => (
          <NavLink key={l.to} to={l.to}>
            {l.label}
          </NavLink>
        ))}
      </div>
    </div>
  );
}

const CartIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.4 11.2a2 2 0 0 0 2 1.6h8.3a2 2 0 0 0 2-1.5L21.5 7H6" />
  </svg>
);
const ProfileIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </svg>
);

export function SiteHeader({ loggedIn = false, accountAction }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const cartCount = useCartCount();
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="b-header">
      <div className="b-container b-header__bar">
        <Link to="/" className="b-brand" aria-label="Bindery home">
          Bind<span>ery</span>
        </Link>
        <nav aria-label="Main" className="b-nav" id="main-nav" data-open={menuOpen}>
          <NavLink to="/" end>
            Home
          </NavLink>
          <NavLink to="/about">About</NavLink>
          <MenuGroup label="Products" links={productLinks} />
          <NavLink to="/calculator/printbook">Pricing</NavLink>
          <NavLink to="/print-shop">Print Shop</NavLink>
          <NavLink to="/portfolio">Portfolio</NavLink>
          <MenuGroup label="Resources" links={resourceLinks} />
        </nav>
        <div className="b-header__actions">
          <Link
            to={loggedIn ? '/orders' : '/login'}
            className="b-icon-link"
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
          >
            <CartIcon />
            {cartCount > 0 ? (
              <span className="b-badge" data-testid="cart-badge" aria-hidden="true">
                {cartCount}
              </span>
            ) : null}
          </Link>
          <Link
            to={loggedIn ? '/userdashboard' : '/login'}
            className="b-icon-link"
            aria-label="Your dashboard"
          >
            <ProfileIcon />
          </Link>
          {accountAction ?? (
            <Link to="/login" className="b-btn b-btn--primary b-btn--sm">
              Login
            </Link>
          )}
          <button
            type="button"
            className="b-btn b-btn--ghost b-btn--sm b-menu-button"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            Menu
          </button>
        </div>
      </div>
    </header>
  );
}
