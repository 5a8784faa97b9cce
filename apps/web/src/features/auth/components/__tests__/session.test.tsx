import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { configRoute } from '@bindery/contracts/store/config';
import { userRoutes } from '@bindery/contracts/store/users';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest, testCustomer } from '#testing/session.ts';

/** Another tab logged in: it wrote the user into the shared local storage (its token stays in its memory). */
const loginInOtherTab = () => {
  localStorage.setItem('user', JSON.stringify(testCustomer));
};

/** What the browser does in this tab when another tab changes local storage. */
function otherTabChanged(change: () => void) {
  act(() => {
    change();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
  });
}

describe('session in the web app', () => {
  it('keeps /account-settings for logged-in customers and shows its sections', async () => {
    signInForTest();
    renderRoute('/account-settings');
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    for (const section of [
      'Login Data',
      'Payments Method',
      'Marketing Preferences',
      'Email Preferences',
      'Account Type',
      'Account Management',
    ]) {
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Email')).toHaveValue(testCustomer.email);
    expect(screen.getByText(messages.auth.noPaymentMethods)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: messages.auth.cancelAccount })).toBeInTheDocument();
  });

  it('names the first-print offer at the rate staff set in Marketing Preferences, and none while it is off', async () => {
    signInForTest();
    let served = 0;
    const promo = (enabled: boolean) =>
      http.get(urlOf(configRoute), () => {
        served++;
        return HttpResponse.json({
          web_url: 'http://web.test',
          admin_url: 'http://admin.test',
          api_url: 'http://api.test',
          brand: 'Bindery',
          payments: { card: true, paypal: true },
          first_print_discount: { enabled, rate_basis_points: 1500, text: '15% off first print' },
        });
      });
    server.use(promo(true));
    const { unmount } = renderRoute('/account-settings');
    const marketing = await screen.findByRole('region', { name: 'Marketing Preferences' });
    await waitFor(() =>
      expect(marketing).toHaveTextContent(
        'Choose how Bindery may contact you about offers such as 15% off first print.',
      ),
    );
    unmount();

    server.use(promo(false));
    const before = served;
    renderRoute('/account-settings');
    const off = await screen.findByRole('region', { name: 'Marketing Preferences' });
    // The config has arrived (it is not the first render's empty state) and still nothing is named.
    await waitFor(() => expect(served).toBeGreaterThan(before));
    await act(async () => {});
    await waitFor(() => expect(off).toHaveTextContent('Choose how Bindery may contact you about offers.'));
    expect(off).not.toHaveTextContent(/off first print/);
  });

  it('sends guests from /account-settings to /login', async () => {
    renderRoute('/account-settings');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('Logout revokes the session with its bearer token, clears the session and goes to /login', async () => {
    const revoked: unknown[] = [];
    server.use(
      http.post(urlOf(userRoutes.logout), ({ request }) => {
        revoked.push(request.headers.get('authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signInForTest();
    const { router } = renderRoute('/account-settings');
    const header = await screen.findByRole('banner');
    await userEvent.setup().click(within(header).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(within(header).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
    await waitFor(() => expect(revoked).toEqual(['Bearer access-token']));
  });

  it('follows logins and logouts made in other tabs', async () => {
    // This tab has no access token of its own yet: its first authenticated request (the account page's resale
    // certificates) restores one from the refresh cookie, as a real tab would.
    const refreshes: unknown[] = [];
    server.use(
      http.post(urlOf(userRoutes.refresh), () => {
        refreshes.push(1);
        return HttpResponse.json({ access: 'this-tab-access', access_expires_in: 3600, user: testCustomer });
      }),
    );
    const { router } = renderRoute('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    otherTabChanged(loginInOtherTab);
    expect(await within(header).findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Your dashboard' })).toHaveAttribute(
      'href',
      '/userdashboard',
    );

    await act(() => router.navigate('/account-settings'));
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeInTheDocument();
    await waitFor(() => expect(refreshes).toHaveLength(1));
    otherTabChanged(() => localStorage.clear());
    expect(await within(header).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it("removes the generic cart key while a user is logged in, and the badge follows the user's own cart", async () => {
    localStorage.setItem('cart', JSON.stringify([{ title: 'A' }]));
    localStorage.setItem('cart_guest', JSON.stringify([{ id: 1, title: 'A', category: 'Print Book' }]));
    renderRoute('/');
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('1');
    otherTabChanged(loginInOtherTab);
    await waitFor(() => expect(localStorage.getItem('cart')).toBeNull());
    // The customer's own cart (cart_7) is empty: the guest's item is not theirs.
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });
});
