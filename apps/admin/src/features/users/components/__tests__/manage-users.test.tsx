import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { adminUserRoutes } from '@bindery/contracts/admin/users';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { deferred } from '@bindery/vite-config/dom-test-setup';
import { TestProviders } from '#testing/providers.tsx';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { ManageUsers } from '../manage-users';
import { defined } from '@bindery/ui/testing';

const users = [
  { id: 1, name: 'Administrator', email: 'admin@bindery.test', is_verified: true, is_admin: true },
  { id: 2, name: 'Ann Reader', email: 'ann@example.test', is_verified: true, is_admin: false },
  { id: 3, name: 'Bob Printer', email: 'bob@example.test', is_verified: false, is_admin: false },
];
/**
 * The server's list as the API answers it: `q` any part of an e-mail or name, case-insensitively; `limit` rows
 * after `cursor` (here simply the index of the next row); `total` every match. `seen` records each query.
 */
const listUsers = (list = users, seen: { q: string | null; cursor: string | null }[] = []) =>
  http.get(urlOf(adminUserRoutes.list), ({ request }) => {
    const url = new URL(request.url);
    const q = url.searchParams.get('q');
    const cursor = url.searchParams.get('cursor');
    seen.push({ q, cursor });
    const term = (q ?? '').toLowerCase();
    const matching = list.filter(
      (u) => !term || u.email.toLowerCase().includes(term) || u.name.toLowerCase().includes(term),
    );
    const start = cursor ? Number(cursor) : 0;
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const next = start + limit < matching.length ? String(start + limit) : null;
    return HttpResponse.json({
      data: matching.slice(start, start + limit),
      next_cursor: next,
      total: matching.length,
    });
  });

function renderPage(confirm: (q: string) => boolean) {
  signInForTest();
  return render(
    <TestProviders>
      <MemoryRouter>
        <ManageUsers confirm={confirm} />
      </MemoryRouter>
    </TestProviders>,
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Manage Users', () => {
  it("loads with 'Loading users...' and shows the spec's columns with Yes/No flags, sending the admin's token", async () => {
    let auth: string | null = null;
    const answer = deferred();
    server.use(
      http.get(urlOf(adminUserRoutes.list), async ({ request }) => {
        auth = request.headers.get('authorization');
        await answer.promise;
        return HttpResponse.json({ data: users, next_cursor: null, total: users.length });
      }),
    );
    signInForTest();
    renderAdminRoute('/manage-users');
    expect(await screen.findByText(messages.admin.loadingUsers)).toBeInTheDocument();
    answer.resolve();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: messages.admin.manageUsers })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Verified', 'Admin', 'Actions']);
    expect(
      bodyRows().map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
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

  it('searches by e-mail or name on the server once the typing pauses, with a clear button', async () => {
    const seen: { q: string | null; cursor: string | null }[] = [];
    server.use(listUsers(users, seen));
    renderPage(() => true);
    const user = userEvent.setup();
    const search = await screen.findByPlaceholderText(messages.admin.searchUsers);
    await screen.findByText('Showing 3 of 3 users');
    await user.type(search, 'BOB');
    await screen.findByText('Showing 1 of 1 user');
    expect(bodyRows()).toHaveLength(1);
    // One request for the whole word, not one per key.
    expect(seen.map((r) => r.q)).toEqual([null, 'BOB']);
    await user.clear(search);
    await user.type(search, 'ann@');
    await waitFor(() =>
      expect(bodyRows().map((r) => defined(within(r).getAllByRole('cell')[0]).textContent)).toEqual([
        'Ann Reader',
      ]),
    );
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText(messages.admin.noUsers)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
  });

  it('pages on the server: "Load more" fetches the next page until the last', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      id: 1000 - i,
      name: `Reader ${i}`,
      email: `reader${i}@example.test`,
      is_verified: true,
      is_admin: false,
    }));
    const seen: { q: string | null; cursor: string | null }[] = [];
    server.use(listUsers(many, seen));
    renderPage(() => true);
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 50 of 120 users')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.orderScreens.loadMore }));
    expect(await screen.findByText('Showing 100 of 120 users')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: messages.orderScreens.loadMore }));
    expect(await screen.findByText('Showing 120 of 120 users')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: messages.orderScreens.loadMore })).not.toBeInTheDocument();
    expect(seen.map((r) => r.cursor)).toEqual([null, '50', '100']);
    expect(bodyRows()).toHaveLength(120);
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
      http.delete(urlOf(adminUserRoutes.delete), ({ params }) => {
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
      http.delete(urlOf(adminUserRoutes.delete), () =>
        HttpResponse.json({ error: 'boom', code: 'INTERNAL_ERROR', statusCode: 500 }, { status: 500 }),
      ),
    );
    renderPage(() => true);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete bob@example.test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.admin.deleteUserFailed);
    expect(screen.getByText('bob@example.test')).toBeInTheDocument();
  });
});
