import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { adminUserRoutes } from '@bindery/contracts/admin/users';
import { adminSessionRoutes, userRoutes } from '@bindery/contracts/store/users';
import { sessionStore } from '#lib/api-client.ts';
import { healthyHandler, server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest, testAdmin } from '#testing/session.ts';
import { listHandler } from '#testing/order-fixtures.ts';

async function logIn(email: string, password = 'Adm1n-pass!') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('admin login and session', () => {
  it('sends a visitor without an admin session to /login', async () => {
    const { router } = renderAdminRoute('/manage-users');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("logs an admin in on the admin app's own login (never the shop's) and opens the dashboard, with Logout in the header", async () => {
    const shopCalls: string[] = [];
    server.use(
      healthyHandler(),
      // The dashboard's orders (features/orders: dashboard.test.tsx covers them).
      listHandler([]),
      http.post(urlOf(adminSessionRoutes.login), () =>
        HttpResponse.json({ access: 'a', access_expires_in: 3600, user: testAdmin }),
      ),
      http.post(urlOf(userRoutes.login), ({ request }) => {
        shopCalls.push(request.url);
        return HttpResponse.json({ access: 'shop', access_expires_in: 3600, user: testAdmin });
      }),
    );
    renderAdminRoute('/login');
    await logIn(testAdmin.email);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(sessionStore.get()).toEqual({ user: testAdmin, access: 'a' });
    expect(localStorage.getItem('accessToken')).toBeNull(); // memory only (docs/decisions/0025)
    expect(shopCalls).toEqual([]);
  });

  it("shows the server's refusal of a customer and keeps no session", async () => {
    server.use(
      http.post(urlOf(adminSessionRoutes.login), () =>
        HttpResponse.json(
          { error: messages.admin.notAnAdmin, code: 'NOT_AN_ADMIN', statusCode: 403 },
          { status: 403 },
        ),
      ),
    );
    const { router } = renderAdminRoute('/login');
    await logIn('customer@example.test');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.admin.notAnAdmin);
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStore.get()).toBeNull();
  });

  it("shows the server's refusal of bad credentials", async () => {
    server.use(
      http.post(urlOf(adminSessionRoutes.login), () =>
        HttpResponse.json(
          { error: messages.auth.invalidOrUnverified, code: 'UNAUTHORIZED', statusCode: 401 },
          { status: 401 },
        ),
      ),
    );
    renderAdminRoute('/login');
    await logIn(testAdmin.email, 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.invalidOrUnverified);
    expect(screen.getByLabelText('Email')).toBeEnabled();
  });

  it("Logout in the admin header ends the admin app's session (its own logout) and goes to /login", async () => {
    const revoked: unknown[] = [];
    server.use(
      healthyHandler(),
      // The dashboard's orders (features/orders: dashboard.test.tsx covers them).
      listHandler([]),
      http.post(urlOf(adminUserRoutes.logout), ({ request }) => {
        revoked.push(request.headers.get('authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signInForTest();
    const { router } = renderAdminRoute('/admin');
    await userEvent
      .setup()
      .click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStore.get()).toBeNull();
    expect(revoked).toEqual(['Bearer admin-access']);
  });
});
