import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { healthyHandler, server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { LATEST_ORDERS } from '../orders-at-a-glance';
import { listFailsHandler, listHandler, row, rows, type ListRequest } from '#testing/order-fixtures.ts';

const health = healthyHandler();

describe('Admin dashboard', () => {
  beforeEach(() => void signInForTest());

  it("shows the server's count of orders per status, each linking to its tab, and the latest orders", async () => {
    const seen: ListRequest[] = [];
    const many = [...rows, ...Array.from({ length: 6 }, (_, i) => row(10 + i, { status: 'paid' }))];
    server.use(health, listHandler(many, seen));
    renderAdminRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const byStatus = screen.getByRole('region', { name: 'Orders by status' });
    await waitFor(() => expect(within(byStatus).getByTestId('count-paid')).toHaveTextContent('6'));
    expect(
      within(byStatus)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Awaiting payment1', '/admin/orders?status=awaiting_payment'],
      ['Paid6', '/admin/orders?status=paid'],
      ['In production1', '/admin/orders?status=in_production'],
      ['On hold0', '/admin/orders?status=on_hold'],
      ['Shipped0', '/admin/orders?status=shipped'],
      ['Delivered1', '/admin/orders?status=delivered'],
      ['Canceled0', '/admin/orders?status=canceled'],
    ]);
    const latest = screen.getByRole('region', { name: messages.orderScreens.dashboardLatest });
    const table = await within(latest).findByRole('table');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(LATEST_ORDERS);
    expect(within(table).getByRole('link', { name: 'BND-000003' })).toHaveAttribute(
      'href',
      '/admin/order-info?id=3',
    );
    expect(seen.filter((r) => r.limit === String(LATEST_ORDERS))).toHaveLength(1);
    expect(screen.getByTestId('service-status')).toHaveTextContent('database reachable (PostgreSQL)');
  });

  it("says 'Failed to load orders' when the orders cannot be read", async () => {
    server.use(health, listFailsHandler());
    renderAdminRoute('/admin');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        messages.admin.loadOrdersFailed,
      ),
    );
  });
});
