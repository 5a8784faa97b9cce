/**
 * The columns of Your Projects' table: title, date and page count, the server's price, and each row's actions.
 * An ordered project is only marked 'Ordered': the server changes and deletes only drafts.
 */
import { Button } from '@bindery/ui/button';
import { formatUsd } from '@bindery/ui/format';
import type { Column } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import type { Project } from '@bindery/contracts/store/projects';
import { titledColumns, type TitledSortKey } from '#components/list/project-columns.tsx';
import { formatDate, isOrderable } from '../lib/project-facts';

const m = messages.projects;
const m2 = messages.proofs;

export interface ProjectRowActions {
  onAdd: (p: Project) => void;
  onEdit: (p: Project) => void;
  onDelete: (p: Project) => void;
  /** A proof copy of a printed book (ADR 0078). */
  onProof: (p: Project) => void;
  /** The book whose proof is being made. */
  proofPending?: number | null;
}

function ProjectActions({
  p,
  onAdd,
  onEdit,
  onDelete,
  onProof,
  proofPending,
}: ProjectRowActions & { p: Project }) {
  return (
    <div className="b-actions">
      {p.status === 'ordered' ? (
        <span className="b-muted">Ordered</span>
      ) : (
        <Button
          size="sm"
          onClick={() => onAdd(p)}
          disabled={!isOrderable(p)}
          title={isOrderable(p) ? undefined : 'E-books are not printed, so they cannot be ordered.'}
          aria-label={`Add ${p.title || m.untitled} to cart`}
        >
          Add to Cart
        </Button>
      )}
      {/* One copy at the single-copy price before the run: printed books only, never a proof of a proof. */}
      {isOrderable(p) && p.proof_of === undefined ? (
        <Button
          size="sm"
          variant="secondary"
          busy={proofPending === p.id}
          aria-label={`${m2.orderButton}: ${p.title || m.untitled}`}
          onClick={() => onProof(p)}
        >
          {m2.orderButton}
        </Button>
      ) : null}
      {/* A paid order printed the project as it was: the server refuses to change it (404 on upload-book,
          docs/decisions/0012), so Edit would end in an error only after the whole design flow. */}
      {p.status === 'ordered' ? null : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Edit ${p.title || m.untitled}`}
          onClick={() => onEdit(p)}
        >
          Edit
        </Button>
      )}
      {p.status === 'ordered' ? null : (
        <Button
          size="sm"
          variant="danger"
          aria-label={`Delete ${p.title || m.untitled}`}
          onClick={() => onDelete(p)}
        >
          Delete
        </Button>
      )}
    </div>
  );
}

export function projectColumns(actions: ProjectRowActions): Column<Project, TitledSortKey>[] {
  return [
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
              {p.proof_of === undefined ? '' : ` · ${m2.badge}`}
            </span>
          </>
        ) : (
          <span className="b-muted">Not printed</span>
        ),
    },
    { key: 'actions', header: 'Actions', cell: (p) => <ProjectActions p={p} {...actions} /> },
  ];
}
