/**
 * /cover-expert (docs/spec/customer-journey.md §2, §5, §8): the project summary (from `projectData` and the design form
 * saved as `designForm`), the cover expert form (name, email, book title, book genre, cover requirements) and the
 * book PDF (the design page's upload, or a new one with a progress bar). 'Submit to Cover Expert' checks every
 * field with the contract's rules (each error clears when its field is edited), then POSTs api/book/upload-book/
 * with the cover expert request; on success the saved project data is cleared, the project goes into the cart
 * and the customer to /shop.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { messages } from '@bindery/contracts/messages';
import type { SessionUser } from '@bindery/contracts/store/users';
import { readDesignForm, readProjectData } from '../lib/project-data';
import { CoverExpertForm } from './cover-expert-form';
import { ProjectTabs } from './project-tabs';
import '../projects.css';

const m = messages.projects;

export function CoverExpert({ user }: { user: SessionUser | null }) {
  const [project] = useState(readProjectData);
  const [design] = useState(readDesignForm);

  let problem: string | null = null;
  if (project.status === 'corrupt' || design.status === 'corrupt') problem = m.savedDataCorrupt;
  else if (project.status === 'none' || design.status === 'none') problem = m.missingProjectData;

  return (
    <div className="b-container b-stack">
      <ProjectTabs withCoverExpert project={project.status === 'ok' ? project.data : undefined} />
      <h1>Cover Design Expert</h1>
      {problem || project.status !== 'ok' || design.status !== 'ok' ? (
        <>
          <Alert tone="error">{problem}</Alert>
          <p>
            <Link to="/start-project">Start your project</Link>
          </p>
        </>
      ) : (
        <CoverExpertForm data={project.data} design={design.data} user={user} />
      )}
    </div>
  );
}
