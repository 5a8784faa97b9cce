/**
 * Account Settings → Login Data against msw (docs/decisions/0067): the name saved on the server (the greeting
 * follows), the password changed with the current one (the server's refusal shown on its field), and the devices
 * signed in, another one signed out on request.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { accountRoutes, type AccountSession } from '@bindery/contracts/store/account';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { wrongPassword } from '#testing/account-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest, testCustomer } from '#testing/session.ts';
import { defined } from '@bindery/ui/testing';

const THIS = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function accountApi() {
  const sent: { route: string; body?: unknown }[] = [];
  let open: AccountSession[] = [
    { id: THIS, app: 'shop', created_at: '2026-11-28T08:00:00.000Z', expires_at: '2026-12-28T08:00:00.000Z', current: true },
    { id: OTHER, app: 'shop', created_at: '2026-11-20T08:00:00.000Z', expires_at: '2026-12-20T08:00:00.000Z', current: false },
  ];
  server.use(
    http.get(urlOf(accountRoutes.sessions), () => HttpResponse.json({ sessions: open })),
    http.delete(urlOf(accountRoutes.endSession), ({ params }) => {
      sent.push({ route: 'end', body: params['id'] });
      open = open.filter((s) => s.id !== params['id']);
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch(urlOf(accountRoutes.rename), async ({ request }) => {
      const body = (await request.json()) as { name: string };
      sent.push({ route: 'rename', body });
      return HttpResponse.json({ user: { ...testCustomer, name: body.name } });
    }),
    http.post(urlOf(accountRoutes.changePassword), async ({ request }) => {
      const body = (await request.json()) as { current_password: string; new_password: string };
      sent.push({ route: 'password', body });
      if (body.current_password !== 'Old-pass-1!') return wrongPassword('body.current_password');
      return HttpResponse.json({ message: messages.account.passwordChanged });
    }),
  );
  return sent;
}

const loginData = () => screen.getByRole('region', { name: 'Login Data' });

describe('Account Settings: Login Data', () => {
  it('saves the name on the server, and the page greets the new name', async () => {
    const sent = accountApi();
    signInForTest();
    renderRoute('/account-settings');
    const name = await within(await screen.findByRole('region', { name: 'Login Data' })).findByLabelText(/^Name/);
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Ada Lovelace');
    await user.click(within(loginData()).getByRole('button', { name: 'Save name' }));
    expect(await within(loginData()).findByText(messages.account.nameSaved)).toBeInTheDocument();
    expect(sent).toContainEqual({ route: 'rename', body: { name: 'Ada Lovelace' } });
    expect(screen.getByText('Signed in as Ada Lovelace.')).toBeInTheDocument();
  });

  it('changes the password with the current one, showing a refusal on its field', async () => {
    const sent = accountApi();
    signInForTest();
    renderRoute('/account-settings');
    const form = await within(await screen.findByRole('region', { name: 'Login Data' })).findByRole('form', { name: 'Change password' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Current password'), 'Wrong-pass-1!');
    await user.type(within(form).getByLabelText('New password'), 'Brand-new-pass-2!');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(messages.account.currentPasswordWrong),
    );
    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'Old-pass-1!');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText(messages.account.passwordChanged)).toBeInTheDocument();
    expect(sent.filter((s) => s.route === 'password').at(-1)?.body).toEqual({
      current_password: 'Old-pass-1!',
      new_password: 'Brand-new-pass-2!',
    });
    expect(within(form).getByLabelText('New password')).toHaveValue('');
  });

  it('lists the devices signed in, this one marked, and signs another one out', async () => {
    const sent = accountApi();
    signInForTest();
    renderRoute('/account-settings');
    const list = await within(await screen.findByRole('region', { name: 'Login Data' })).findByRole('list', { name: 'Signed in on' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(defined(items[0])).toHaveTextContent('(this device)');
    expect(within(defined(items[0])).queryByRole('button')).toBeNull();
    await userEvent.setup().click(within(defined(items[1])).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(sent).toContainEqual({ route: 'end', body: OTHER });
  });
});
