/** The tabs of the project pages (customer-journey.md §2): Start Project, Designs and, on /cover-expert, Cover Expert. */
import { NavLink } from 'react-router-dom';
import '../projects.css';

const TABS = [
  { to: '/start-project', label: 'Start Project' },
  { to: '/design-project', label: 'Designs' },
  { to: '/cover-expert', label: 'Cover Expert' },
] as const;

export function ProjectTabs({ withCoverExpert = false }: { withCoverExpert?: boolean }) {
  const tabs = withCoverExpert ? TABS : TABS.slice(0, 2);
  return (
    <nav className="p-tabs" aria-label="Project steps">
      {tabs.map((t) => (
        <NavLink key={t.to} to={t.to} end>
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
