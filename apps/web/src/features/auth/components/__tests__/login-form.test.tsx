import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { configRoute } from '@bindery/contracts/store/config';
import { userRoutes } from '@bindery/contracts/store/users';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { deferred } from '@bindery/vite-config/dom-test-setup';
import { TestProviders } from '#testing/providers.tsx';
import { paymentPageHandlers } from '#testing/checkout-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { sessionStore } from '#lib/session-store.ts';
import { LoginForm } from '../login-form';
import { defined } from '@bindery/ui/testing';

const customer = { id: 7, name: 'Ann Reader', email: 'ann@example.test', is_admin: false };
const loginAnswer = (user = customer) => ({ access: 'acc-1', access_expires_in: 3600, user });

async function fillAndSubmit(email = 'ann@example.test', password = 'Corr3ct-horse!') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('returns a customer to the page that asked for a login, query string included, and never off the site', async () => {
    // The payment page it returns to asks for the order and the payment methods: answered, so no request goes
    // unanswered whenever the page gets to make it.
    server.use(http.post(urlOf(userRoutes.login), () => HttpResponse.json(loginAnswer())), ...paymentPageHandlers());
    const first = renderRoute('/payment?order=12');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
    await fillAndSubmit();
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/payment'));
    expect(first.router.state.location.search).toBe('?order=12');
    first.unmount();
    localStorage.clear();

    for (const from of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const { router, unmount } = renderRoute({ pathname: '/login', state: { from } });
      await fillAndSubmit();
      await waitFor(() => expect(router.state.location.pathname).toBe('/account-settings'));
      unmount();
      localStorage.clear();
    }
  });

  it('logs a customer in: keeps the session, disables the form meanwhile, goes to /account-settings', async () => {
    let body: unknown;
    const answer = deferred();
    server.use(
      http.post(urlOf(userRoutes.login), async ({ request }) => {
        body = await request.json();
        await answer.promise;
        return HttpResponse.json(loginAnswer());
      }),
    );
    renderRoute('/login');
    await fillAndSubmit(' ann@example.test ');
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeDisabled());
    expect(screen.getByLabelText('Password')).toBeDisabled();
    answer.resolve();
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    expect(body).toEqual({ email: 'ann@example.test', password: 'Corr3ct-horse!' });
    expect(JSON.parse(defined(localStorage.getItem('user')))).toEqual(customer);
    // The access token in memory only; the refresh token is the cookie the answer set (docs/decisions/0025).
    expect(sessionStore.get()).toEqual({ user: customer, access: 'acc-1' });
    expect(localStorage.length).toBe(1);
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it("shows the server's refusal and re-enables the form", async () => {
    server.use(
      http.post(urlOf(userRoutes.login), () =>
        HttpResponse.json(
          { error: messages.auth.invalidOrUnverified, code: 'UNAUTHORIZED', statusCode: 401 },
          { status: 401 },
        ),
      ),
    );
    renderRoute('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.invalidOrUnverified);
    expect(screen.getByLabelText('Email')).toBeEnabled();
    expect(sessionStore.get()).toBeNull();
  });

  it("falls back to 'Login failed' when the server gives no error body", async () => {
    server.use(http.post(urlOf(userRoutes.login), () => new HttpResponse('Bad gateway', { status: 502 })));
    renderRoute('/login');
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.loginFailed);
  });

  it('requires both fields and sends nothing without them', async () => {
    const sent = vi.fn();
    server.use(http.post(urlOf(userRoutes.login), () => void sent()));
    renderRoute('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.auth.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.auth.passwordRequired)).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('sends an admin to the admin app named by /api/config', async () => {
    server.use(
      http.post(urlOf(userRoutes.login), () =>
        HttpResponse.json(loginAnswer({ ...customer, is_admin: true })),
      ),
      http.get(urlOf(configRoute), () =>
        HttpResponse.json({
          web_url: 'http://web.test',
          admin_url: 'http://admin.test:5174',
          api_url: 'http://api.test',
          brand: 'Bindery',
        }),
      ),
    );
    const onAdminLogin = vi.fn();
    render(
      <TestProviders>
        <MemoryRouter>
          <LoginForm onAdminLogin={onAdminLogin} />
        </MemoryRouter>
      </TestProviders>,
    );
    await fillAndSubmit();
    await waitFor(() => expect(onAdminLogin).toHaveBeenCalledWith('http://admin.test:5174/admin'));
    expect(screen.getByLabelText('Email')).toBeDisabled();
  });

  it('offers a new verification mail for the address of a refused login, and says the same whatever the answer', async () => {
    let asked: unknown;
    server.use(
      http.post(urlOf(userRoutes.login), () =>
        HttpResponse.json(
          { error: messages.auth.invalidOrUnverified, code: 'UNAUTHORIZED', statusCode: 401 },
          { status: 401 },
        ),
      ),
      http.post(urlOf(userRoutes.resendVerification), async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ message: messages.auth.verificationResent });
      }),
    );
    renderRoute('/login');
    expect(
      screen.queryByRole('button', { name: messages.auth.resendVerification }),
    ).not.toBeInTheDocument();
    await fillAndSubmit(' new@example.test ');
    const resend = await screen.findByRole('button', { name: messages.auth.resendVerification });
    await userEvent.setup().click(resend);
    expect(await screen.findByRole('status')).toHaveTextContent(messages.auth.verificationResent);
    expect(asked).toEqual({ email: 'new@example.test' });
    expect(resend).toBeDisabled();
  });

  it('links to the page that resends the verification mail', async () => {
    const { router } = renderRoute('/login');
    await userEvent.setup().click(await screen.findByRole('link', { name: messages.auth.resendVerification }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resend-verification'));
    expect(await screen.findByRole('heading', { name: messages.auth.resendVerification })).toBeInTheDocument();
  });
});
