import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { server } from '../../../../testing/msw-server';
import { renderAdminRoute } from '../../../../testing/render-route';
import { signInForTest } from '../../../../testing/session';
import { orders, ordersHandler } from './order-fixtures';

const cards = () =>
  within(screen.getByRole('list', { name: 'Order summary' }))
    .getAllByRole('listitem')
    .map((c) => c.textContent);
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

describe('Manage Orders', () => {
  beforeEach(() => void signInForTest());

  it("loads with 'Loading Orders...' and the admin's token, then shows the summary cards and the orders with fallbacks and status", async () => {
    const seen = { auth: [] as (string | null)[] };
    server.use(ordersHandler(orders, seen, 100));
    renderAdminRoute('/admin/orders');
    expect(await screen.findByText(messages.admin.loadingOrders)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: messages.admin.orderManagement, level: 1 })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(seen.auth).toEqual(['Bearer admin-access']);
    expect(cards()).toEqual(['Total Orders3', 'Categories3', 'Total Pages368', 'Active Orders3']);
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Book Title',
      'Customer Email',
      'Order Date',
      'Status',
      'Action',
    ]);
    expect(rows()).toEqual([
      ['Winter Poems', 'ann@example.test', '11/21/26', 'Paid', 'View Details'],
      [messages.admin.untitledBook, messages.admin.noEmail, '11/21/26', messages.admin.notOrdered, 'View Details'],
      ['Class of 2026', 'bob@school.test', '11/21/26', 'Awaiting payment', 'View Details'],
    ]);
    expect(screen.getByRole('button', { name: /All Orders/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('aria-current', 'page');
  });

  it("searches by title or e-mail, case-insensitively; Active Orders counts what is left; 'No orders found matching your search.'", async () => {
    server.use(ordersHandler());
    renderAdminRoute('/admin/orders');
    const user = userEvent.setup();
    const search = await screen.findByPlaceholderText(messages.admin.searchOrders);
    await user.type(search, 'WINTER');
    expect(rows().map((r) => r[0])).toEqual(['Winter Poems']);
    expect(cards()).toEqual(['Total Orders3', 'Categories3', 'Total Pages368', 'Active Orders1']);
    await user.clear(search);
    await user.type(search, '@School.');
    expect(rows().map((r) => r[0])).toEqual(['Class of 2026']);
    await user.clear(search);
    // The category is not searched.
    await user.type(search, 'comic');
    expect(screen.getByText(messages.admin.noOrdersMatching)).toBeInTheDocument();
    expect(cards()[3]).toBe('Active Orders0');
    await user.click(screen.getByRole('button', { name: 'Clear search orders' }));
    expect(rows()).toHaveLength(3);
  });

  it("says 'Failed to load orders' when the list cannot be loaded", async () => {
    server.use(
      http.get('/api/book/all-orders/', () =>
        HttpResponse.json({ error: 'boom', code: 'INTERNAL_ERROR', statusCode: 500 }, { status: 500 }),
      ),
    );
    renderAdminRoute('/admin/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.admin.loadOrdersFailed);
  });

  it('View Details opens the order with it in navigation state and its id in the address', async () => {
    server.use(ordersHandler());
    const { router } = renderAdminRoute('/admin/orders');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'View Details: Class of 2026' }));
    expect(await screen.findByRole('heading', { name: 'Class of 2026', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/order-info');
    expect(router.state.location.search).toBe('?id=3');
    expect((router.state.location.state as { order: { id: number } }).order.id).toBe(3);
    expect(screen.getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('aria-current', 'page');
  });
});
