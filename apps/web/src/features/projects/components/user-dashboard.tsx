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
import { useState } from 'react';
import { nextSort, type SortState } from '#lib/use-list-view.ts';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Spinner } from '@bindery/ui/spinner';
import { ApiError } from '@bindery/api-client';
import { messages } from '@bindery/contracts/messages';
import type { Project } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { Dialog } from '@bindery/ui/dialog';
import { Counters } from '#components/list/counters.tsx';
import { EmptySearch } from '#components/list/empty-search.tsx';
import { titledColumns, type TitledSortKey } from '#components/list/project-columns.tsx';
import { SearchBox } from '#components/list/search-box.tsx';
import { SortableTable, type SortableColumn } from '#components/list/sortable-table.tsx';
import { addToCart, useCart } from '#lib/cart.ts';
import { formatUsd } from '@bindery/ui/format';
import { MY_BOOKS_IDS_MAX, useMyBooksByIds, useMyBooksPages } from '#lib/my-books.ts';
import { useDeleteProject } from '../api/delete-project';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@bindery/ui/use-debounced-value';
import { unfinishedDesign, type ProjectData } from '../lib/project-data';
import { formatDate, isOrderable } from '../lib/project-facts';

const m = messages.projects;

/** The unfinished design, with Resume: the design page opens with its options and files (ADR 0038). */
function ResumeDesign({ draft }: { draft: ProjectData }) {
  return (
    <section className="b-card b-stack" aria-labelledby="resume-design-title">
      <h2 id="resume-design-title">Continue your design</h2>
      <p>
        <strong>{draft.projectTitle || m.untitled}</strong> · {draft.category}: your choices are kept, and an
        uploaded file for 24 hours.
      </p>
      <div className="b-row">
        <Link to="/design-project" state={draft} className="b-btn b-btn--accent">
          Resume
        </Link>
      </div>
    </section>
  );
}

function Welcome({ name, draft }: { name: string; draft: ProjectData | null }) {
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

export function UserDashboard({ user }: { user: SessionUser }) {
  const cart = useCart(user.id);
  const navigate = useNavigate();
  const remove = useDeleteProject(user.id);
  const [confirming, setConfirming] = useState<Project | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [term, setTerm] = useState('');
  const [sort, setSort] = useState<SortState<TitledSortKey> | null>(null);
  const q = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [draft] = useState(() => unfinishedDesign(user.id));

  const cartIds = cart.map((i) => i.id);
  // The server leaves out up to 200 of the cart's projects; a larger cart's others are left out here.
  const books = useMyBooksPages(user.id, {
    q,
    sort: sort?.key ?? 'created',
    order: sort?.direction,
    exclude: cartIds.slice(0, MY_BOOKS_IDS_MAX),
  });
  const inCartProjects = useMyBooksByIds(user.id, cartIds);

  const inCart = new Set(cartIds);
  const pages = books.data?.pages ?? [];
  const listed = pages.flatMap((p) => p.data).filter((p) => !inCart.has(p.id));
  const first = pages[0];
  const total = pages.at(-1)?.total ?? 0;
  const toggleSort = (key: TitledSortKey) => setSort((s) => nextSort(s, key));
  const clear = () => setTerm('');

  if (books.isPending) {
    return (
      <div className="b-container b-stack" role="status">
        <Spinner label="" />
        <p>{m.loadingProjects}</p>
      </div>
    );
  }
  // A failed "load more" sets isError too: then the list stays, with its own alert below.
  if (books.isError && !books.isFetchNextPageError) {
    return (
      <div className="b-container b-stack">
        <h1>Your Projects</h1>
        <Alert tone="error">We could not load your projects. Please try again.</Alert>
        <div className="b-row">
          <Button onClick={() => void books.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  if (first && first.total_projects === 0) return <Welcome name={user.name} draft={draft} />;

  const onAdd = (p: Project) => {
    addToCart(user.id, { id: p.id, title: p.title, category: p.category });
    void navigate('/orders');
  };
  const onConfirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => setConfirming(null),
      onError: (error) => {
        setConfirming(null);
        // A refusal the server explains (a project in a paid order) says why; anything else gets the spec's text.
        setDeleteError(
          error instanceof ApiError && error.body && error.status < 500 ? error.body.error : m.deleteFailed,
        );
      },
    });
  };

  const columns: SortableColumn<Project, TitledSortKey>[] = [
    ...titledColumns<Project>((p) => `Created ${formatDate(p.created_at)} · ${p.page_count} pages`),
    {
      key: 'price',
      header: 'Price',
      numeric: true,
      cell: (p) =>
        p.price ? (
          <>
            {formatUsd(p.price.total_cost)}
            <span className="b-title-cell__detail">
              {p.quantity} {p.quantity === 1 ? 'copy' : 'copies'}
            </span>
          </>
        ) : (
          <span className="b-muted">Not printed</span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (p) => (
        <div className="b-actions">
          {p.status === 'ordered' ? (
            <span className="b-muted">Ordered</span>
          ) : (
            <Button
              size="sm"
              onClick={() => onAdd(p)}
              disabled={!isOrderable(p)}
              title={isOrderable(p) ? undefined : 'e Books are not printed, so they cannot be ordered.'}
              aria-label={`Add ${p.title || m.untitled} to cart`}
            >
              Add to Cart
            </Button>
          )}
          {/* A paid order printed the project as it was: the server refuses to change it (404 on upload-book,
              docs/decisions/0012), so Edit would end in an error only after the whole design flow. */}
          {p.status === 'ordered' ? null : (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Edit ${p.title || m.untitled}`}
              onClick={() => void navigate('/start-project', { state: { projectData: p, isEdit: true } })}
            >
              Edit
            </Button>
          )}
          {p.status === 'ordered' ? null : (
            <Button
              size="sm"
              variant="danger"
              aria-label={`Delete ${p.title || m.untitled}`}
              onClick={() => {
                setDeleteError(null);
                setConfirming(p);
              }}
            >
              Delete
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="b-banner">
        <div className="b-container">
          <h1>Welcome back, {user.name}</h1>
          <p>Your book projects: edit them, add them to your cart, or start a new one.</p>
        </div>
      </div>
      <div className="b-container b-stack">
        {draft ? <ResumeDesign draft={draft} /> : null}
        <Counters
          label="Your projects at a glance"
          items={[
            { label: 'Total Projects', value: first?.total_projects ?? 0, testId: 'total-projects' },
            { label: 'In Cart', value: inCartProjects.data?.length ?? 0, testId: 'in-cart' },
          ]}
        />
        <div className="b-row" style={{ justifyContent: 'space-between' }}>
          <SearchBox label="Search projects" placeholder={m.searchProjects} value={term} onChange={setTerm} />
          <Link to="/start-project" className="b-btn b-btn--accent">
            New Project
          </Link>
        </div>
        {deleteError ? <Alert tone="error">{deleteError}</Alert> : null}
        {listed.length > 0 ? (
          <SortableTable
            caption="Your projects"
            columns={columns}
            rows={listed}
            rowKey={(p) => String(p.id)}
            sort={sort}
            onSort={toggleSort}
          />
        ) : q ? (
          <EmptySearch title={m.noProjectsFound} onClear={clear} />
        ) : (
          <p>
            Every project is in your cart. <Link to="/orders">View your cart</Link>
          </p>
        )}
        <p className="b-muted" role="status">
          Showing {listed.length} of {total} projects
        </p>
        {books.isFetchNextPageError ? (
          <Alert tone="error">We could not load more projects. Please try again.</Alert>
        ) : null}
        {books.hasNextPage ? (
          <div className="b-row">
            <Button
              variant="secondary"
              busy={books.isFetchingNextPage}
              onClick={() => void books.fetchNextPage()}
            >
              {messages.orderScreens.loadMore}
            </Button>
          </div>
        ) : null}
      </div>
      {confirming ? (
        <Dialog
          title="Delete project"
          confirmVariant="danger"
          message={m.confirmDelete}
          confirmLabel="Delete"
          busy={remove.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={onConfirmDelete}
        />
      ) : null}
    </>
  );
}
