/**
 * /design-project (docs/spec/customer-journey.md §2, §4, §5, §8): the project data from /start-project (navigation state,
 * or `projectData` in local storage after a reload), the interior PDF uploaded at once with a progress bar (the
 * server's page count fills Page Count), the print options of the category (the catalog cascade shared with the
 * calculators; trim size and page count hidden for calendars), the 'Quantity and Shipping Estimates' panel, an
 * optional cover, then 'Contact Cover Design Expert' (→ /cover-expert, form saved as `designForm`) or 'Print Your
 * Book' (POST api/book/upload-book/ → the project goes into the cart → /shop). An e Book gets its own page
 * (ebook-design.tsx: PDF, cover, flat fee).
 * @see docs/decisions/0015-customer-project-pages.md
 */
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import { errorText } from '#lib/error-text.ts';
import type { Project } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { productByName } from '@bindery/pricing/products';
import { useProject } from '../api/get-project';
import { useUpload } from '../api/get-upload';
import { projectDataFrom, readDesignForm, saveProjectData, type ProjectData } from '../lib/project-data';
import { filesLostText, startingForm, type StartingForm } from '../lib/starting-form';
import { DesignForm } from './design-form';
import { EbookDesign } from './ebook-design';
import { ProjectTabs } from './project-tabs';
import '../projects.css';

const m = messages.projects;

export function DesignProject({ user }: { user: SessionUser | null }) {
  const location = useLocation();
  const [saved] = useState(() => {
    const found = projectDataFrom(location.state);
    // Kept so that a reload, or the Designs tab, finds the project again.
    if (found.status === 'ok') saveProjectData(found.data);
    return found;
  });
  const [draft] = useState(readDesignForm);
  const projectId = saved.status === 'ok' ? (saved.data.projectId ?? null) : null;
  const project = useProject(user ? projectId : null);

  if (saved.status !== 'ok') {
    return (
      <div className="b-container b-stack">
        <ProjectTabs />
        <Alert tone="error">{saved.status === 'corrupt' ? m.savedDataCorrupt : m.missingProjectData}</Alert>
        <p>
          <Link to="/start-project">Start your project</Link>
        </p>
      </div>
    );
  }
  if (projectId !== null && user && project.isPending) return <Spinner label="Loading your project..." />;
  if (projectId !== null && project.isError) {
    return (
      <div className="b-container b-stack">
        <ProjectTabs />
        <Alert tone="error">{errorText(project.error, 'We could not load this project.')}</Alert>
      </div>
    );
  }
  const product = productByName(saved.data.category);
  // An e Book has no print options, quantity or shipping: its own, shorter page (docs/decisions/0034).
  if (product?.digital) {
    return <EbookDesign data={saved.data} project={project.data ?? null} product={product} user={user} />;
  }
  const start = startingForm(
    saved.data,
    project.data ?? null,
    user,
    draft.status === 'ok' ? draft.data : null,
  );
  return <RestoreFiles data={saved.data} project={project.data ?? null} user={user} start={start} />;
}

/**
 * Asks the server for the draft's files again before the form shows them: only the customer's own, still usable
 * uploads come back, with the server's name and page count. A file that did not (expired, swept) is said so.
 */
function RestoreFiles({
  data,
  project,
  user,
  start,
}: {
  data: ProjectData;
  project: Project | null;
  user: SessionUser | null;
  start: StartingForm;
}) {
  const pdf = useUpload(user ? start.pdfId : null);
  const cover = useUpload(user ? start.coverId : null);
  if (pdf.isLoading || cover.isLoading) return <Spinner label="Loading your project..." />;
  const lost = [pdf.isError ? 'PDF' : null, cover.isError ? 'cover' : null].filter((w) => w !== null);
  return (
    <DesignForm
      data={data}
      project={project}
      user={user}
      initial={{
        ids: start.ids,
        quantity: start.quantity,
        pdf: pdf.data ?? null,
        cover: cover.data ?? null,
        lostNote: lost.length > 0 ? filesLostText(lost.join(' and ')) : null,
      }}
    />
  );
}
