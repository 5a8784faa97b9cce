/** The site header: brand and primary navigation. */
import { Link, NavLink } from 'react-router-dom';

const links = [
  { to: '/', label: 'Home' },
  { to: '/status', label: 'Service status' },
];

export function SiteHeader() {
  return (
    <header className="b-header">
      <div className="b-container b-header__bar">
        <Link to="/" className="b-brand" aria-label="Bindery home">
          Bind<span>ery</span>
        </Link>
        <nav aria-label="Main" className="b-nav">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end>
              {l.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
