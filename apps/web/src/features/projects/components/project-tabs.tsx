/**
 * The tabs of the project pages (docs/spec/customer-journey.md §2): Start Project, Designs and, on /cover-expert, Cover Expert.
 * Inside a project's flow the tabs carry that project (navigation state), so going back a step keeps it, an edit
 * included; /start-project reached any other way is a new project.
 */
import { NavLink } from 'react-router-dom';
import type { ProjectData } from '../lib/project-data';
import '../projects.css';

const TABS = [
  { to: '/start-project', label: 'Start Project' },
  { to: '/design-project', label: 'Designs' },
  { to: '/cover-expert', label: 'Cover Expert' },
] as const;

export interface ProjectTabsProps {
  withCoverExpert?: boolean;
  /** The project being started, designed or edited on this page. */
  project?: ProjectData;
}

export function ProjectTabs({ withCoverExpert = false, project }: ProjectTabsProps) {
  const tabs = withCoverExpert ? TABS : TABS.slice(0, 2);
  return (
    <nav className="p-tabs" aria-label="Project steps">
      {tabs.map((t) => (
        <NavLink key={t.to} to={t.to} state={project} end>
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
