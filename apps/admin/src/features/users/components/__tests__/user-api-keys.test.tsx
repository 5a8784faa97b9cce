import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { adminApiKeyRoutes, type ApiKey, type CreateApiKeyBody } from '@bindery/contracts/admin/api-keys';
import { urlOf } from '@bindery/contracts/route';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const user = { id: 7, name: 'Ann Reader', email: 'ann@example.test' };
const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 1,
  name: 'Bookstore',
  scopes: ['catalog:read', 'orders:read'],
  mode: 'test',
  prefix: 'a1b2c3d4e5f6',
  created_at: '2026-11-28T10:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  ...over,
});

/** The server's keys of user 7, changed by create and revoke as the API changes them. */
function keysServer(initial: ApiKey[]) {
  const keys = [...initial];
  const created: CreateApiKeyBody[] = [];
  server.use(
    http.get(urlOf(adminApiKeyRoutes.list, { id: user.id }), () => HttpResponse.json({ user, data: keys })),
    http.post(urlOf(adminApiKeyRoutes.create, { id: user.id }), async ({ request }) => {
      const body = (await request.json()) as CreateApiKeyBody;
      created.push(body);
      const made = key({ id: 2, name: body.name, scopes: body.scopes, prefix: 'ffffffffffff' });
      keys.unshift(made);
      return HttpResponse.json(
        { api_key: made, secret: `bnd_test_ffffffffffff_${'s'.repeat(43)}` },
        { status: 201 },
      );
    }),
    http.post(urlOf(adminApiKeyRoutes.revoke, { id: user.id, key_id: 1 }), () => {
      const revoked = key({ revoked_at: '2026-11-28T11:00:00.000Z' });
      keys.splice(
        keys.findIndex((k) => k.id === 1),
        1,
        revoked,
      );
      return HttpResponse.json({ api_key: revoked });
    }),
  );
  return { created };
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe("A user's API keys", () => {
  it('lists the keys by their public part, never a secret', async () => {
    keysServer([key()]);
    signInForTest();
    renderAdminRoute(`/manage-users/${user.id}`);
    expect(await screen.findByRole('heading', { name: 'API keys of Ann Reader' })).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Bookstore');
    expect(rows()[0]).toHaveTextContent('bnd_test_a1b2c3d4e5f6_…');
    expect(rows()[0]).toHaveTextContent('catalog:read, orders:read');
  });

  it('creates a key with the chosen scopes and shows its secret once', async () => {
    const { created } = keysServer([]);
    signInForTest();
    renderAdminRoute(`/manage-users/${user.id}`);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Key name'), 'School');
    await userEvent.click(screen.getByLabelText(/^orders:write/));
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText('New API key')).toHaveTextContent(
      `bnd_test_ffffffffffff_${'s'.repeat(43)}`,
    );
    expect(created).toEqual([{ name: 'School', scopes: ['catalog:read', 'orders:write'] }]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).not.toHaveTextContent('sss');
  });

  it('revokes a key after asking, and shows it revoked', async () => {
    keysServer([key()]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    signInForTest();
    renderAdminRoute(`/manage-users/${user.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Bookstore' }));
    expect(confirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(rows()[0]).toHaveTextContent(/Revoked/));
    confirm.mockRestore();
  });
});
