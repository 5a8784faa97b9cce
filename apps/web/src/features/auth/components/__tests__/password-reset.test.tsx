import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { userRoutes } from '@bindery/contracts/store/users';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { deferred } from '@bindery/vite-config/dom-test-setup';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';

describe('request a reset link (/reset-password)', () => {
  it("sends the address and says 'Reset link sent to your email'", async () => {
    let body: unknown;
    server.use(
      http.post(urlOf(userRoutes.requestResetPassword), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: messages.auth.resetRequested });
      }),
    );
    renderRoute('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.test');
    await user.click(screen.getByRole('button', { name: messages.auth.sendResetLink }));
    expect(await screen.findByRole('status')).toHaveTextContent(messages.auth.resetLinkSent);
    expect(body).toEqual({ email: 'ann@example.test' });
  });

  it("says 'Error sending reset link' on failure, and the server's text when it is rate-limited", async () => {
    server.use(
      http.post(urlOf(userRoutes.requestResetPassword), () => new HttpResponse(null, { status: 500 })),
    );
    renderRoute('/reset-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ann@example.test');
    await user.click(screen.getByRole('button', { name: messages.auth.sendResetLink }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.resetLinkError);

    const limited = messages.auth.tooManyAttempts('60 minutes');
    server.use(
      http.post(urlOf(userRoutes.requestResetPassword), () =>
        HttpResponse.json({ error: limited, code: 'TOO_MANY_REQUESTS', statusCode: 429 }, { status: 429 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: messages.auth.sendResetLink }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(limited));
  });
});

describe('set a new password (/reset-password/:uidb64/:token)', () => {
  const path = '/reset-password/Nw/abc-def';

  it("asks for a password, checks the rule, shows 'Resetting...', then the success text and /login after 2 s", async () => {
    let body: unknown;
    const answer = deferred();
    server.use(
      http.post(urlOf(userRoutes.resetPassword, { uidb64: 'Nw', token: 'abc-def' }), async ({ request }) => {
        body = await request.json();
        await answer.promise;
        return HttpResponse.json({ message: messages.auth.resetSuccess });
      }),
    );
    renderRoute(path);
    expect(await screen.findByRole('heading', { name: messages.auth.setNewPassword })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: messages.auth.resetPassword }));
    expect(await screen.findByText(messages.auth.enterNewPassword)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password', { exact: false }), 'short');
    await user.click(screen.getByRole('button', { name: messages.auth.resetPassword }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.passwordPolicy);

    await user.clear(screen.getByLabelText('New password', { exact: false }));
    await user.type(screen.getByLabelText('New password', { exact: false }), 'N3w-password!');
    await user.click(screen.getByRole('button', { name: messages.auth.resetPassword }));
    expect(await screen.findByRole('button', { name: messages.auth.resetting })).toBeDisabled();
    answer.resolve();
    expect(await screen.findByRole('status')).toHaveTextContent(messages.auth.resetSuccess);
    expect(body).toEqual({ password: 'N3w-password!' });
    const shownAt = Date.now();
    expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 4000 })).toBeInTheDocument();
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1800);
  });

  it("says 'Failed to reset password. Try again.' with the server's reason", async () => {
    server.use(
      http.post(urlOf(userRoutes.resetPassword, { uidb64: 'Nw', token: 'abc-def' }), () =>
        HttpResponse.json(
          { error: messages.auth.resetLinkInvalid, code: 'BAD_REQUEST', statusCode: 400 },
          { status: 400 },
        ),
      ),
    );
    renderRoute(path);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password', { exact: false }), 'N3w-password!');
    await user.click(screen.getByRole('button', { name: messages.auth.resetPassword }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${messages.auth.resetFailed} ${messages.auth.resetLinkInvalid}`,
    );
    expect(screen.getByLabelText('New password', { exact: false })).toBeEnabled();
  });
});

describe('verify e-mail (/verify-email/:uidb64/:token)', () => {
  it('verifies once on arrival, shows the success text, then goes to /login after 2 s', async () => {
    const calls = vi.fn();
    server.use(
      http.get(urlOf(userRoutes.verifyEmail, { uidb64: 'Nw', token: 'tok-en' }), () => {
        calls();
        return HttpResponse.json({ message: messages.auth.verified });
      }),
    );
    renderRoute('/verify-email/Nw/tok-en');
    expect(await screen.findByText(messages.auth.verified)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 4000 })).toBeInTheDocument();
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it("says 'Invalid or expired verification link.' and offers the way out", async () => {
    server.use(
      http.get(urlOf(userRoutes.verifyEmail, { uidb64: 'Nw', token: 'used' }), () =>
        HttpResponse.json(
          { error: messages.auth.verifyFailed, code: 'BAD_REQUEST', statusCode: 400 },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/verify-email/Nw/used');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.verifyFailed);
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });
});
