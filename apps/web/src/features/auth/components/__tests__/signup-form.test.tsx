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

async function fill({ name = 'Ann Reader', email = 'ann@example.test', password = 'Corr3ct-horse!' } = {}) {
  const user = userEvent.setup();
  if (name) await user.type(await screen.findByLabelText('Username'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password', { exact: false }), password);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignupForm', () => {
  it('sends the username as name, shows the success text and stays disabled', async () => {
    let body: unknown;
    const answer = deferred();
    server.use(
      http.post(urlOf(userRoutes.register), async ({ request }) => {
        body = await request.json();
        await answer.promise;
        return HttpResponse.json({ message: messages.auth.registered }, { status: 201 });
      }),
    );
    renderRoute('/signup');
    expect(await screen.findByText(messages.auth.passwordPolicy)).toBeInTheDocument();
    await fill();
    await waitFor(() => expect(screen.getByLabelText('Username')).toBeDisabled());
    answer.resolve();
    expect(await screen.findByRole('status')).toHaveTextContent(messages.auth.registered);
    expect(body).toEqual({ name: 'Ann Reader', email: 'ann@example.test', password: 'Corr3ct-horse!' });
    expect(screen.getByLabelText('Username')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  });

  it('checks the password rule before sending anything', async () => {
    const sent = vi.fn();
    server.use(http.post(urlOf(userRoutes.register), () => void sent()));
    renderRoute('/signup');
    await fill({ password: 'weakpass' });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.passwordPolicy);
    expect(sent).not.toHaveBeenCalled();
  });

  // A taken address is not an error (the server answers it like a new one and mails the owner): the e-mail
  // errors left are the server's own validation.
  it("shows the server's e-mail error and re-enables the form", async () => {
    server.use(
      http.post(urlOf(userRoutes.register), () =>
        HttpResponse.json(
          {
            error: `Invalid request: email: ${messages.auth.emailInvalid}`,
            code: 'VALIDATION_ERROR',
            statusCode: 400,
          },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/signup');
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.emailInvalid);
    expect(screen.getByLabelText('Username')).toBeEnabled();
  });

  it("shows the server's detail when it is unavailable, and re-enables the form", async () => {
    server.use(
      http.post(urlOf(userRoutes.register), () =>
        HttpResponse.json(
          { error: messages.generic.serviceUnavailable, code: 'SERVICE_UNAVAILABLE', statusCode: 503 },
          { status: 503 },
        ),
      ),
    );
    renderRoute('/signup');
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.generic.serviceUnavailable);
    expect(screen.getByLabelText('Username')).toBeEnabled();
  });

  it("says 'Registration failed. Please try again.' when the server gives no detail", async () => {
    server.use(http.post(urlOf(userRoutes.register), () => HttpResponse.error()));
    renderRoute('/signup');
    await fill();
    // No error body from the server (here: no answer at all): the spec's fallback.
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.auth.registrationFailedRetry);
  });
});
