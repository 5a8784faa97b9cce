/**
 * Changing the login e-mail against msw (docs/decisions/0074): Account Settings asks with the password and shows the
 * server's answer (the address shown stays the current one), a refusal on its field; the mailed link's page confirms
 * once on arrival and says what happened.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { accountRoutes, confirmEmailRoute } from '@bindery/contracts/store/account';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { wrongPassword } from '#testing/account-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest, testCustomer } from '#testing/session.ts';

describe('Account Settings: change email', () => {
  it('asks with the password, shows a refusal on its field, then the link sent; the address shown stays', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(urlOf(accountRoutes.sessions), () => HttpResponse.json({ sessions: [] })),
      http.post(urlOf(accountRoutes.changeEmail), async ({ request }) => {
        const body = (await request.json()) as { new_email: string; password: string };
        sent.push(body);
        if (body.password !== 'Old-pass-1!') return wrongPassword('body.password');
        return HttpResponse.json({ message: messages.account.emailChangeSent(body.new_email) });
      }),
    );
    signInForTest();
    renderRoute('/account-settings');
    const form = await screen.findByRole('form', { name: 'Change email' });
    expect(within(form).getByLabelText('Email')).toHaveValue(testCustomer.email);
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('New email'), 'ann@new.example');
    await user.type(within(form).getByLabelText('Password'), 'Wrong-pass-1!');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription(messages.account.currentPasswordWrong),
    );
    await user.clear(within(form).getByLabelText('Password'));
    await user.type(within(form).getByLabelText('Password'), 'Old-pass-1!');
    await user.click(within(form).getByRole('button', { name: 'Change email' }));
    expect(await within(form).findByText(messages.account.emailChangeSent('ann@new.example'))).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ new_email: 'ann@new.example', password: 'Old-pass-1!' });
    expect(within(form).getByLabelText('Email')).toHaveValue(testCustomer.email);
    expect(within(form).getByLabelText('Password')).toHaveValue('');
  });
});

describe('confirm email (/confirm-email/:uidb64/:emailb64/:token)', () => {
  it('confirms once on arrival and says which address logs in now', async () => {
    const calls = vi.fn();
    server.use(
      http.post(urlOf(confirmEmailRoute, { uidb64: 'Nw', emailb64: 'YUBiLmM', token: 'tok-en' }), () => {
        calls();
        return HttpResponse.json({ message: messages.account.emailChanged('a@b.c') });
      }),
    );
    renderRoute('/confirm-email/Nw/YUBiLmM/tok-en');
    expect(await screen.findByText(messages.account.emailChanged('a@b.c'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('confirms once even when the page is left and opened again while the link is being confirmed', async () => {
    const calls = vi.fn();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(urlOf(confirmEmailRoute, { uidb64: 'Nw', emailb64: 'YUBiLmM', token: 'slow' }), async () => {
        calls();
        await answered;
        return HttpResponse.json({ message: messages.account.emailChanged('a@b.c') });
      }),
    );
    const { router } = renderRoute('/confirm-email/Nw/YUBiLmM/slow');
    await waitFor(() => expect(calls).toHaveBeenCalledTimes(1));
    // The page goes away and comes back (a remount, as a session restored on load can cause) before the answer:
    // the link works once, so the confirmation under way must not be aborted and sent again.
    await router.navigate('/login');
    await waitFor(() => expect(screen.queryByText('Confirming your new email...')).not.toBeInTheDocument());
    await router.navigate('/confirm-email/Nw/YUBiLmM/slow');
    release();
    expect(await screen.findByText(messages.account.emailChanged('a@b.c'))).toBeInTheDocument();
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal of a used or expired link, and where to ask again", async () => {
    server.use(
      http.post(urlOf(confirmEmailRoute, { uidb64: 'Nw', emailb64: 'YUBiLmM', token: 'used' }), () =>
        HttpResponse.json(
          { error: messages.account.emailChangeLinkInvalid, code: 'EMAIL_LINK_INVALID', statusCode: 400 },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/confirm-email/Nw/YUBiLmM/used');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.account.emailChangeLinkInvalid);
    expect(screen.getByRole('link', { name: 'your account settings' })).toHaveAttribute('href', '/account-settings');
  });
});
