/** The design pages' heading: the project's title, category and language, and the way back to change them. */
import { categoryDisplayName } from '@bindery/pricing/products';
import { Link } from 'react-router-dom';
import { messages } from '@bindery/contracts/messages';
import type { ProjectData } from '../lib/project-data';

export function ProjectHeading({ data }: { data: ProjectData }) {
  return (
    <div>
      <h1>Design Your Project</h1>
      <p className="b-lead">
        <strong>{data.projectTitle || messages.projects.untitled}</strong> ·{' '}
        {categoryDisplayName(data.category)}
        {data.language ? ` · ${data.language.charAt(0).toUpperCase()}${data.language.slice(1)}` : ''} ·{' '}
        {/* The project goes along, so that changing the title of an edit keeps it an edit. */}
        <Link to="/start-project" state={data}>
          Change
        </Link>
      </p>
    </div>
  );
}
