/**
 * Account Settings → Delete account against msw (docs/decisions/0074): the dialog asks for the password, shows the
 * server's refusal inside, and once the account is deleted the page is signed out on the home page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { accountRoutes } from '@bindery/contracts/store/account';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { sessionStore } from '#lib/session-store.ts';
import { wrongPassword } from '#testing/account-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

describe('Account Settings: delete account', () => {
  it('asks for the password in a dialog, shows a refusal there, then signs out to the home page', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(urlOf(accountRoutes.sessions), () => HttpResponse.json({ sessions: [] })),
      http.delete(urlOf(accountRoutes.deleteAccount), async ({ request }) => {
        const body = (await request.json()) as { password: string };
        sent.push(body);
        if (body.password !== 'Old-pass-1!') return wrongPassword('body.password');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signInForTest();
    const { router } = renderRoute('/account-settings');
    const section = await screen.findByRole('region', { name: 'Account Management' });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account' });
    await user.type(within(dialog).getByLabelText('Password'), 'Wrong-pass-1!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(messages.account.currentPasswordWrong)).toBeInTheDocument();
    expect(sessionStore.get()).not.toBeNull();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Old-pass-1!');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(sessionStore.get()).toBeNull());
    expect(sent).toEqual([{ password: 'Wrong-pass-1!' }, { password: 'Old-pass-1!' }]);
  });

  it('closes on Cancel without calling the server', async () => {
    let called = false;
    server.use(
      http.get(urlOf(accountRoutes.sessions), () => HttpResponse.json({ sessions: [] })),
      http.delete(urlOf(accountRoutes.deleteAccount), () => {
        called = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signInForTest();
    renderRoute('/account-settings');
    const section = await screen.findByRole('region', { name: 'Account Management' });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(called).toBe(false);
  });
});
