/**
 * /userdashboard (docs/spec/customer-journey.md §2, §4): the signed-in customer's projects from GET api/book/my-books/.
 * Loading → no projects (a welcome with the steps) or the list: counters, search, a sortable table with the
 * server's price and page count, and per row Add to Cart (→ /orders), Edit (→ /start-project with the project)
 * and Delete (confirmed in a dialog, removed only after the server confirms); an ordered project is only marked
 * 'Ordered' (the server changes and deletes only drafts). Projects in the cart are not listed. A design of a new
 * project this browser kept and that was never printed is offered first, with Resume (docs/decisions/0038).
 * The server searches, sorts and pages (docs/decisions/0037): the search is sent once the typing pauses, a
 * column header asks for that order, "Load more" reads the next keyset page, and "Showing n of m projects" counts
 * on the server. The counters are the server's too: all the customer's projects, and those of the cart.
 */
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Dialog } from '@bindery/ui/dialog';
import { firstPageFailed, ListFailed, LoadMore } from '@bindery/ui/list-state';
import { SearchBox } from '@bindery/ui/search-box';
import { Spinner } from '@bindery/ui/spinner';
import { Table } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import type { SessionUser } from '@bindery/contracts/store/users';
import { Counters } from '#components/list/counters.tsx';
import { EmptySearch } from '#components/list/empty-search.tsx';
import { useDashboard } from '../hooks/use-dashboard';
import { projectColumns } from './dashboard-columns';
import { ResumeDesign, Welcome } from './dashboard-welcome';

const m = messages.projects;

export function UserDashboard({ user }: { user: SessionUser }) {
  const d = useDashboard(user);
  const { books, first, listed } = d;

  if (books.isPending) {
    return (
      <div className="b-container b-stack" role="status">
        <Spinner label="" />
        <p>{m.loadingProjects}</p>
      </div>
    );
  }
  // A failed "load more" sets isError too: then the list stays, with its own alert below.
  if (firstPageFailed(books)) {
    return (
      <div className="b-container b-stack">
        <h1>Your Projects</h1>
        <ListFailed retryVariant="primary" onRetry={() => void books.refetch()}>
          We could not load your projects. Please try again.
        </ListFailed>
      </div>
    );
  }
  if (first && first.total_projects === 0) return <Welcome name={user.name} draft={d.draft} />;

  return (
    <>
      <div className="b-banner">
        <div className="b-container">
          <h1>Welcome back, {user.name}</h1>
          <p>Your book projects: edit them, add them to your cart, or start a new one.</p>
        </div>
      </div>
      <div className="b-container b-stack">
        {d.draft ? <ResumeDesign draft={d.draft} /> : null}
        <Counters
          label="Your projects at a glance"
          items={[
            { label: 'Total Projects', value: first?.total_projects ?? 0, testId: 'total-projects' },
            { label: 'In Cart', value: d.inCartCount, testId: 'in-cart' },
          ]}
        />
        <div className="b-row" style={{ justifyContent: 'space-between' }}>
          <SearchBox
            label="Search projects"
            clearLabel="Clear search"
            placeholder={m.searchProjects}
            value={d.term}
            onChange={d.setTerm}
          />
          <Link to="/start-project" className="b-btn b-btn--accent">
            New Project
          </Link>
        </div>
        {d.deleteError ? <Alert tone="error">{d.deleteError}</Alert> : null}
        {listed.length > 0 ? (
          <Table
            caption="Your projects"
            captionHidden
            columns={projectColumns(d.actions)}
            rows={listed}
            rowKey={(p) => String(p.id)}
            sort={d.sort}
            onSort={d.toggleSort}
          />
        ) : d.q ? (
          <EmptySearch title={m.noProjectsFound} onClear={() => d.setTerm('')} />
        ) : (
          <p>
            Every project is in your cart. <Link to="/orders">View your cart</Link>
          </p>
        )}
        <p className="b-muted" role="status">
          Showing {listed.length} of {d.total} projects
        </p>
        <LoadMore list={books} failed="We could not load more projects. Please try again." />
      </div>
      {d.confirming ? (
        <Dialog
          title="Delete project"
          confirmVariant="danger"
          message={m.confirmDelete}
          confirmLabel="Delete"
          busy={d.deleting}
          onCancel={d.cancelDelete}
          onConfirm={d.onConfirmDelete}
        />
      ) : null}
    </>
  );
}
