import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { configHandler, healthyHandler, server } from '#testing/msw-server.ts';
import { signInForTest } from '#testing/session.ts';
import { renderAdminRoute as renderAt } from '#testing/render-route.tsx';
import { listHandler } from '#testing/order-fixtures.ts';
import { emptySalesHandler } from '#features/sales/components/__tests__/sales-fixtures.ts';

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('admin shell', () => {
  // The admin pages need an admin session (features/auth/components/require-admin.tsx).
  beforeEach(() => void signInForTest());
  // Two tests open /admin/payment for the layout's banner; the page asks its report.
  beforeEach(() => {
    server.use(emptySalesHandler());
  });
  it('sends / to the dashboard, which shows the API status', async () => {
    server.use(
      healthyHandler(),
      // The dashboard's orders (features/orders: dashboard.test.tsx covers them).
      listHandler([]),
    );
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByTestId('service-status')).toHaveTextContent('database reachable (PostgreSQL)');
  });
  it("shows the spec's sidebar links, then the resale certificates' (ADR 0032)", async () => {
    renderAt('/manage-books');
    expect(await screen.findByRole('heading', { name: 'Manage Books' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const hrefs = [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/admin/orders',
      '/manage-books',
      '/admin/shipping',
      '/admin/payment',
      '/manage-users',
      '/admin/resale-certificates',
      '/admin/price-history',
      '/admin/production',
    ]);
  });
  it('collapses the sidebar behind "Menu" (shown on a phone by CSS), opens it, and closes it on a visit', async () => {
    const user = userEvent.setup();
    renderAt('/manage-books');
    expect(await screen.findByRole('heading', { name: 'Manage Books' })).toBeInTheDocument();
    const menu = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', nav.id);
    expect(nav).toHaveAttribute('data-open', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveAttribute('data-open', 'true');
    await user.click(within(nav).getByRole('link', { name: 'Sales and payments' }));
    expect(await screen.findByRole('heading', { name: messages.orderScreens.salesTitle })).toBeInTheDocument();
    expect(nav).toHaveAttribute('data-open', 'false');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
  it('says on every page that no real money is taken while the server is in test payment mode', async () => {
    server.use(configHandler({ card: true, paypal: true, test_mode: true }));
    renderAt('/admin/payment');
    expect(await screen.findByText(messages.payments.testModeBanner)).toBeInTheDocument();
  });
  it('shows no test mode banner with live payments', async () => {
    const queryClient = newQueryClient();
    renderAt('/admin/payment', queryClient);
    expect(
      await screen.findByRole('heading', { name: messages.orderScreens.salesTitle }),
    ).toBeInTheDocument();
    // Once the layout has the (live) config and React has rendered it: no banner.
    await waitFor(() => expect(queryClient.getQueryState(['public-config'])?.status).toBe('success'));
    await act(() => Promise.resolve());
    expect(screen.queryByText(messages.payments.testModeBanner)).not.toBeInTheDocument();
  });
});
