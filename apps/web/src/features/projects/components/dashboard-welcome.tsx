/**
 * What Your Projects shows a customer with no projects yet (a welcome with the steps), and the design of a new
 * project this browser kept, offered with Resume (docs/decisions/0038).
 */
import { categoryDisplayName } from '@bindery/pricing/products';
import { Link } from 'react-router-dom';
import { messages } from '@bindery/contracts/messages';
import type { ProjectData } from '../lib/project-data';

const m = messages.projects;

/** The unfinished design, with Resume: the design page opens with its options and files (ADR 0038). */
export function ResumeDesign({ draft }: { draft: ProjectData }) {
  return (
    <section className="b-card b-stack" aria-labelledby="resume-design-title">
      <h2 id="resume-design-title">Continue your design</h2>
      <p>
        <strong>{draft.projectTitle || m.untitled}</strong> · {categoryDisplayName(draft.category)}: your
        choices are kept, and an uploaded file for 24 hours.
      </p>
      <div className="b-row">
        <Link to="/design-project" state={draft} className="b-btn b-btn--accent">
          Resume
        </Link>
      </div>
    </section>
  );
}

export function Welcome({ name, draft }: { name: string; draft: ProjectData | null }) {
  return (
    <div className="b-container b-stack">
      <h1>Welcome, {name}!</h1>
      {draft ? <ResumeDesign draft={draft} /> : null}
      <p className="b-lead">
        You have no projects yet. Start one: it takes a title, a category and your PDF.
      </p>
      <div className="b-row">
        <Link to="/start-project" className="b-btn b-btn--accent">
          Start Project
        </Link>
      </div>
      <ol className="b-steps" aria-label="How it works">
        <li>
          <strong>Create</strong> your project: choose the product, upload your interior PDF and pick the
          print options.
        </li>
        <li>
          <strong>Track</strong> it here: every project with its price, ready to edit or add to your cart.
        </li>
        <li>
          <strong>Complete</strong> your order: shipping, then payment, and we print and ship your books.
        </li>
      </ol>
    </div>
  );
}
