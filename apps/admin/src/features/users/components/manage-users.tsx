/**
 * Manage Users (docs/spec/calculators-account-admin.md §2 "Manage Users"): search by e-mail or name (case-insensitive,
 * with a clear button); columns Name, Email, Verified, Admin, Actions; Delete asks for confirmation and is
 * disabled for admins ('Cannot delete admin user'); 'Loading users...', 'No users found.', and 'Failed to delete
 * user. Please try again.' when a deletion fails. A deleted user leaves the list at once.
 * The search runs on the server once the typing pauses, and the list pages on the server ('Showing n of m users',
 * "Load more"): a shop with 100,000 accounts never sends them all.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { ListCount, ListLoading, LoadMore } from '@bindery/ui/list-state';
import { Table, type Column } from '@bindery/ui/table';
import type { AdminUser } from '@bindery/contracts/admin/users';
import { messages } from '@bindery/contracts/messages';
import { clientText } from '#lib/error-text.ts';
import { SearchBox, useSearchTerm } from '@bindery/ui/search-box';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

export interface ManageUsersProps {
  /** Asks before deleting; the browser's confirm dialog by default. */
  confirm?: (question: string) => boolean;
}

export function ManageUsers({ confirm = (q) => window.confirm(q) }: ManageUsersProps) {
  const { term, setTerm, settled } = useSearchTerm();
  const users = useUsers(settled || undefined);
  const remove = useDeleteUser();
  const [deleteFailed, setDeleteFailed] = useState(false);
  const shown = users.data?.pages.flatMap((p) => p.data) ?? [];
  const total = users.data?.pages[0]?.total ?? shown.length;

  function onDelete(user: AdminUser) {
    if (!confirm(messages.admin.confirmDeleteUser)) return;
    setDeleteFailed(false);
    remove.mutate(user.id, { onError: () => setDeleteFailed(true) });
  }

  const columns: Column<AdminUser>[] = [
    { key: 'name', header: 'Name', cell: (u) => u.name },
    { key: 'email', header: 'Email', cell: (u) => <Link to={`/manage-users/${u.id}`}>{u.email}</Link> },
    { key: 'verified', header: 'Verified', cell: (u) => yesNo(u.is_verified) },
    { key: 'admin', header: 'Admin', cell: (u) => yesNo(u.is_admin) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u) => (
        // A disabled button gets no pointer events in some browsers: the wrapper carries the tooltip too.
        <span title={u.is_admin ? messages.admin.cannotDeleteAdmin : undefined}>
          <Button
            size="sm"
            variant="danger"
            disabled={u.is_admin || (remove.isPending && remove.variables === u.id)}
            title={u.is_admin ? messages.admin.cannotDeleteAdmin : undefined}
            aria-label={`Delete ${u.email}`}
            onClick={() => onDelete(u)}
          >
            Delete
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="b-stack">
      <h1>{messages.admin.manageUsers}</h1>
      <SearchBox
        label="Search users"
        clearLabel="Clear search"
        placeholder={messages.admin.searchUsers}
        value={term}
        onChange={setTerm}
      />
      {deleteFailed ? <Alert tone="error">{messages.admin.deleteUserFailed}</Alert> : null}
      {users.isError ? (
        <Alert tone="error">{clientText(users.error, messages.generic.networkError)}</Alert>
      ) : null}
      {users.isPending ? (
        <ListLoading>{messages.admin.loadingUsers}</ListLoading>
      ) : (
        <>
          <ListCount shown={shown.length} total={total} noun={['user', 'users']} />
          <Table
            caption="Users"
            captionHidden
            columns={columns}
            rows={shown}
            rowKey={(u) => String(u.id)}
            empty={messages.admin.noUsers}
          />
          {/* A failed next page is the list's alert above (users.isError): no second one here. */}
          <LoadMore list={users} />
        </>
      )}
    </div>
  );
}
