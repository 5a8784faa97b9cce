/** The cover expert page's summary of the project the request is about. */
import { categoryDisplayName } from '@bindery/pricing/products';
import { Card } from '@bindery/ui/card';
import { messages } from '@bindery/contracts/messages';
import type { ProjectData } from '../lib/project-data';

const m = messages.projects;

export function ProjectSummary({ data, pageCount }: { data: ProjectData; pageCount: number | null }) {
  return (
    <Card className="b-stack">
      <h2>Your project</h2>
      <dl className="b-summary" aria-label="Project summary">
        <dt>Title</dt>
        <dd>{data.projectTitle || m.untitled}</dd>
        <dt>Category</dt>
        <dd>{categoryDisplayName(data.category) || m.defaultCategory}</dd>
        <dt>Language</dt>
        <dd>{data.language ? data.language.charAt(0).toUpperCase() + data.language.slice(1) : 'Not set'}</dd>
        <dt>Page Count</dt>
        <dd>{pageCount ?? 'Not known yet'}</dd>
      </dl>
    </Card>
  );
}
