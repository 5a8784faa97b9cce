/**
 * The data and actions of Your Projects (user-dashboard.tsx): the server's keyset pages of the customer's
 * projects, searched once the typing pauses and sorted by the chosen column (docs/decisions/0037), less those in
 * the cart; the cart's own projects for the counter; Add to Cart, Edit, and Delete once confirmed.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '@bindery/contracts/messages';
import { refusalText } from '#lib/error-text.ts';
import type { Project } from '@bindery/contracts/store/projects';
import type { SessionUser } from '@bindery/contracts/store/users';
import { useSearchTerm } from '@bindery/ui/search-box';
import { nextSort, type SortState } from '@bindery/ui/table';
import type { TitledSortKey } from '#components/list/project-columns.tsx';
import { addToCart, useCart } from '#lib/cart.ts';
import { MY_BOOKS_IDS_MAX, useMyBooksByIds, useMyBooksPages } from '#lib/my-books.ts';
import { useDeleteProject } from '../api/delete-project';
import { useOrderProof } from '../api/order-proof';
import { unfinishedDesign } from '../lib/project-data';

export function useDashboard(user: SessionUser) {
  const cart = useCart(user.id);
  const navigate = useNavigate();
  const remove = useDeleteProject(user.id);
  const [confirming, setConfirming] = useState<Project | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [sort, setSort] = useState<SortState<TitledSortKey> | null>(null);
  const { term, setTerm, settled: q } = useSearchTerm();
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

  const onAdd = (p: Project) => {
    addToCart(user.id, { id: p.id, title: p.title, category: p.category });
    void navigate('/orders');
  };
  // A proof copy goes into the cart as its own line (ADR 0078); the cart is where it is paid.
  const proof = useOrderProof(user.id);
  const onProof = (p: Project) => {
    setDeleteError(null);
    proof.mutate(p.id, {
      onSuccess: () => void navigate('/orders'),
      onError: (error) => setDeleteError(refusalText(error, messages.proofs.orderFailed)),
    });
  };
  const onEdit = (p: Project) => void navigate('/start-project', { state: { projectData: p, isEdit: true } });
  const onDelete = (p: Project) => {
    setDeleteError(null);
    setConfirming(p);
  };
  const onConfirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming.id, {
      onSuccess: () => setConfirming(null),
      onError: (error) => {
        setConfirming(null);
        // A refusal the server explains (a project in a paid order) says why; anything else gets the spec's text.
        setDeleteError(refusalText(error, messages.projects.deleteFailed));
      },
    });
  };

  return {
    books,
    first: pages[0],
    total: pages.at(-1)?.total ?? 0,
    listed,
    inCartCount: inCartProjects.data?.length ?? 0,
    draft,
    term,
    setTerm,
    q,
    sort,
    toggleSort: (key: TitledSortKey) => setSort((s) => nextSort(s, key)),
    actions: { onAdd, onEdit, onDelete, onProof, proofPending: proof.isPending ? proof.variables : null },
    deleteError,
    confirming,
    cancelDelete: () => setConfirming(null),
    onConfirmDelete,
    deleting: remove.isPending,
  };
}
