import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { ORDERS_PAGE_SIZE } from '#features/orders/api/get-admin-orders.ts';
import {
  detail,
  detailHandler,
  listFailsHandler,
  listHandler,
  row,
  rows,
  type ListRequest,
} from '#testing/order-fixtures.ts';
import { bodyCells } from '@bindery/ui/testing';

const s = messages.orderScreens;

const table = () => screen.getByRole('table');
const bodyRows = () => bodyCells(table());
/** The list's own requests (the tabs' counts ask for one row each). */
const listRequests = (seen: ListRequest[]) => seen.filter((r) => r.limit === String(ORDERS_PAGE_SIZE));

describe('Manage Orders', () => {
  beforeEach(() => void signInForTest());

  it("loads with 'Loading Orders...' and the admin's token, then lists the orders newest first with n of m and the status tabs' counts", async () => {
    const seen: ListRequest[] = [];
    server.use(listHandler(rows, seen, 50));
    renderAdminRoute('/admin/orders');
    expect(await screen.findByText(messages.admin.loadingOrders)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: messages.admin.orderManagement, level: 1 }),
    ).toBeInTheDocument();
    await screen.findByRole('table');
    expect(seen.every((r) => r.auth === 'Bearer admin-access')).toBe(true);
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Order Date', 'Customer', 'Books', 'Amount', 'Status', 'Payment', 'Action']);
    const [first, second, third] = bodyRows();
    expect(first).toEqual([
      'BND-000003',
      expect.stringMatching(/^Nov 21, 2026, \d{1,2}:30\s[AP]M$/),
      'Ann Leeann@example.test',
      '2',
      '$1,234.50',
      'In production',
      'Card (Stripe)',
      'View Details',
    ]);
    expect(second?.slice(2, 7)).toEqual(['Bob Stonebob@school.test', '1', '$42.50', 'Awaiting payment', '—']);
    // A customer without name or e-mail (an old row) still reads as something.
    expect(third?.[2]).toBe(`—${messages.admin.noEmail}`);
    expect(third?.slice(5, 7)).toEqual(['Delivered', 'PayPal']);
    expect(screen.getByRole('link', { name: 'View Details: order BND-000003' })).toHaveAttribute(
      'href',
      '/admin/order-info?id=3',
    );
    expect(screen.getByText('Showing 3 of 3 orders')).toBeInTheDocument();
    const tabs = within(screen.getByRole('navigation', { name: 'Orders by status' }));
    await waitFor(() =>
      expect(tabs.getByRole('link', { name: 'All (3)' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(tabs.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'All (3)',
      'Awaiting payment (1)',
      'Paid (0)',
      'In production (1)',
      'On hold (0)',
      'Shipped (0)',
      'Delivered (1)',
      'Canceled (0)',
    ]);
    expect(listRequests(seen)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Manage Orders' })).toHaveAttribute('aria-current', 'page');
  });

  it('a status tab asks the server for that status only and keeps it in the address', async () => {
    const seen: ListRequest[] = [];
    server.use(listHandler(rows, seen));
    const { router } = renderAdminRoute('/admin/orders');
    await screen.findByRole('table');
    await userEvent.setup().click(screen.getByRole('link', { name: /^Awaiting payment/ }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.[0]).toBe('BND-000002');
    expect(listRequests(seen).at(-1)).toMatchObject({ status: 'awaiting_payment', q: null });
    expect(router.state.location.search).toBe('?status=awaiting_payment');
    expect(screen.getByRole('link', { name: /^Awaiting payment/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Showing 1 of 1 order')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: /^Paid/ }));
    expect(await screen.findByText(messages.admin.noOrdersMatching)).toBeInTheDocument();
  });

  it('searches on the server once the typing pauses (one request, not one per key), and clears', async () => {
    const seen: ListRequest[] = [];
    server.use(listHandler(rows, seen));
    const { router } = renderAdminRoute('/admin/orders');
    await screen.findByRole('table');
    const user = userEvent.setup();
    const search = screen.getByPlaceholderText(s.searchOrders);
    await user.type(search, 'School');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(bodyRows()[0]?.[0]).toBe('BND-000002');
    expect(listRequests(seen).map((r) => r.q)).toEqual([null, 'School']);
    expect(router.state.location.search).toBe('?q=School');
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText(messages.admin.noOrdersMatching)).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 orders')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search orders' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(router.state.location.search).toBe('');
  });

  it("opens the order whose 'View Details' was clicked while a search was still pausing (not 'Order Not Found')", async () => {
    // Typed, then clicked within the 300 ms pause: the pause ends while Order Details (a lazy page) loads. The
    // search must not write its ?q= over the address being opened (the e2e landed on ?q=… without an id).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.use(listHandler(rows), detailHandler(new Map([[3, detail(3, 'in_production')]])));
      const { router } = renderAdminRoute('/admin/orders');
      await screen.findByRole('table');
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByPlaceholderText(s.searchOrders), 'BND');
      fireEvent.click(screen.getByRole('link', { name: 'View Details: order BND-000003' }));
      act(() => void vi.advanceTimersByTime(1_000));
      expect(await screen.findByRole('heading', { level: 1, name: 'Order BND-000003' })).toBeInTheDocument();
      expect(router.state.location.pathname + router.state.location.search).toBe('/admin/order-info?id=3');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps status and search across a reload (they are in the address)', async () => {
    const seen: ListRequest[] = [];
    server.use(listHandler(rows, seen));
    renderAdminRoute('/admin/orders?status=in_production&q=ann');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(listRequests(seen)).toEqual([expect.objectContaining({ status: 'in_production', q: 'ann' })]);
    expect(screen.getByPlaceholderText(s.searchOrders)).toHaveValue('ann');
    expect(screen.getByRole('link', { name: /^In production/ })).toHaveAttribute('aria-current', 'page');
  });

  it('pages on the server: "Load more" fetches the next keyset page until the last', async () => {
    const many = Array.from({ length: ORDERS_PAGE_SIZE + 5 }, (_, i) => row(100 - i));
    const seen: ListRequest[] = [];
    server.use(listHandler(many, seen));
    renderAdminRoute('/admin/orders');
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(ORDERS_PAGE_SIZE);
    expect(screen.getByText(`Showing ${ORDERS_PAGE_SIZE} of ${many.length} orders`)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: s.loadMore }));
    await waitFor(() => expect(bodyRows()).toHaveLength(many.length));
    expect(listRequests(seen).map((r) => r.cursor)).toEqual([null, String(ORDERS_PAGE_SIZE)]);
    expect(screen.getByText(`Showing ${many.length} of ${many.length} orders`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: s.loadMore })).not.toBeInTheDocument();
  });

  it("says so when there are no orders at all, and 'Failed to load orders' when the list cannot be loaded", async () => {
    server.use(listHandler([]));
    const first = renderAdminRoute('/admin/orders');
    expect(await screen.findByText(s.noOrdersYet)).toBeInTheDocument();
    first.unmount();
    server.use(listFailsHandler());
    renderAdminRoute('/admin/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.admin.loadOrdersFailed);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
