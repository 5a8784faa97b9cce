import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { messages } from '@bindery/contracts/messages';
import { AppProvider } from '../../../../app/provider';
import { server } from '../../../../testing/msw-server';
import { renderAdminRoute } from '../../../../testing/render-route';
import { signInForTest } from '../../../../testing/session';
import { ManageUsers } from '../manage-users';

const users = [
  { id: 1, name: 'Administrator', email: 'admin@bindery.test', is_verified: true, is_admin: true },
  { id: 2, name: 'Ann Reader', email: 'ann@example.test', is_verified: true, is_admin: false },
  { id: 3, name: 'Bob Printer', email: 'bob@example.test', is_verified: false, is_admin: false },
];
const listUsers = (list = users) => http.get('/api/users/admin/users/', () => HttpResponse.json({ data: list }));

function renderPage(confirm: (q: string) => boolean) {
  signInForTest();
  return render(
    <AppProvider queryClient={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <MemoryRouter>
        <ManageUsers confirm={confirm} />
      </MemoryRouter>
    </AppProvider>,
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Manage Users', () => {
  it("loads with 'Loading users...' and shows the spec's columns with Yes/No flags, sending the admin's token", async () => {
    let auth: string | null = null;
    server.use(
      http.get('/api/users/admin/users/', async ({ request }) => {
        auth = request.headers.get('authorization');
        await delay(100);
        return HttpResponse.json({ data: users });
      }),
    );
    signInForTest();
    renderAdminRoute('/manage-users');
    expect(await screen.findByText(messages.admin.loadingUsers)).toBeInTheDocument();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: messages.admin.manageUsers })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Email',
      'Verified',
      'Admin',
      'Actions',
    ]);
    expect(bodyRows().map((r) => within(r).getAllByRole('cell').slice(0, 4).map((c) => c.textContent))).toEqual([
      ['Administrator', 'admin@bindery.test', 'Yes', 'Yes'],
      ['Ann Reader', 'ann@example.test', 'Yes', 'No'],
      ['Bob Printer', 'bob@example.test', 'No', 'No'],
    ]);
    expect(auth).toBe('Bearer admin-access');
  });

  it('disables Delete for admins with the tooltip', async () => {
    server.use(listUsers());
    renderPage(() => true);
    const button = await screen.findByRole('button', { name: 'Delete admin@bindery.test' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', messages.admin.cannotDeleteAdmin);
    expect(screen.getByRole('button', { name: 'Delete ann@example.test' })).toBeEnabled();
  });

  it('searches by e-mail or name, case-insensitively, with a clear button', async () => {
    server.use(listUsers());
    renderPage(() => true);
    const user = userEvent.setup();
    const search = await screen.findByPlaceholderText(messages.admin.searchUsers);
    await user.type(search, 'BOB');
    expect(bodyRows()).toHaveLength(1);
    await user.clear(search);
    await user.type(search, 'ann@');
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Ann Reader']);
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(screen.getByText(messages.admin.noUsers)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    expect(bodyRows()).toHaveLength(3);
  });

  it("says 'No users found.' for an empty list", async () => {
    server.use(listUsers([]));
    renderPage(() => true);
    expect(await screen.findByText(messages.admin.noUsers)).toBeInTheDocument();
  });

  it('asks first, deletes on yes and removes the user from the list; does nothing on no', async () => {
    const deleted: string[] = [];
    server.use(
      listUsers(),
      http.delete('/api/users/admin/users/:id/delete/', ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderPage(confirm);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete ann@example.test' }));
    expect(confirm).toHaveBeenCalledWith(messages.admin.confirmDeleteUser);
    expect(deleted).toEqual([]);
    // After the deletion the list is fetched again: the server no longer has Ann.
    server.use(listUsers(users.filter((u) => u.id !== 2)));
    await user.click(screen.getByRole('button', { name: 'Delete ann@example.test' }));
    await waitFor(() => expect(screen.queryByText('ann@example.test')).not.toBeInTheDocument());
    expect(deleted).toEqual(['2']);
    expect(bodyRows()).toHaveLength(2);
  });

  it("says 'Failed to delete user. Please try again.' and keeps the user when the deletion fails", async () => {
    server.use(
      listUsers(),
      http.delete('/api/users/admin/users/:id/delete/', () =>
        HttpResponse.json({ error: 'boom', code: 'INTERNAL_ERROR', statusCode: 500 }, { status: 500 }),
      ),
    );
    renderPage(() => true);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete bob@example.test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.admin.deleteUserFailed);
    expect(screen.getByText('bob@example.test')).toBeInTheDocument();
  });
});
