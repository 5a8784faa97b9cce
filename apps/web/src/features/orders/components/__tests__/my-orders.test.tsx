import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { order } from '#testing/checkout-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { myOrdersHandlers, type OrdersSeen } from '#testing/order-fixtures.ts';
import { myBooksHandler, pricedAt } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { addToCart } from '#lib/cart.ts';
import { MY_ORDERS_PAGE_SIZE } from '#features/orders/api/get-my-orders.ts';
import { bodyCells } from '@bindery/ui/testing';

const s = messages.orderScreens;

const shipped = order({
  id: 43,
  order_number: 'BND-000043',
  status: 'shipped',
  total: '1234.5',
  paid_at: '2026-11-22T10:05:00.000Z',
  created_at: '2026-11-22T10:00:00.000Z',
  carrier: 'FedEx',
  tracking_number: '7712',
  tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=7712',
});
const unpaid = order({ id: 42, created_at: '2026-11-20T10:00:00.000Z' });

const ordersRegion = () => screen.getByRole('region', { name: s.yourOrders });
const orderRows = () => bodyCells(within(ordersRegion()).getByRole('table'));

describe("/orders: the customer's orders below the cart", () => {
  it('lists each order with number (→ its page), date, books, total, status and tracking link, with the customer token', async () => {
    signInForTest();
    const novel = pricedAt('20.00', { id: 1, title: 'Next Novel' });
    addToCart(7, { id: 1, title: 'Next Novel', category: 'Print Book' });
    const seen: OrdersSeen = { list: [], details: [] };
    server.use(myBooksHandler([novel]), ...myOrdersHandlers([shipped, unpaid], seen));
    renderRoute('/orders');
    expect(await screen.findByRole('heading', { name: 'Your Cart', level: 1 })).toBeInTheDocument();
    await within(ordersRegion()).findByRole('table');
    expect(orderRows()).toEqual([
      [
        'BND-000043',
        'Nov 22, 2026',
        'My Novel × 10, Family Album × 2',
        '$1,234.50',
        'Shipped',
        s.trackParcel,
      ],
      ['BND-000042', 'Nov 20, 2026', 'My Novel × 10, Family Album × 2', '$162.16', 'Awaiting payment', '—'],
    ]);
    expect(within(ordersRegion()).getByRole('link', { name: 'BND-000043' })).toHaveAttribute(
      'href',
      '/orders/43',
    );
    const track = within(ordersRegion()).getByRole('link', {
      name: `${s.trackParcel}: order BND-000043 (opens in a new tab)`,
    });
    expect(track).toHaveAttribute('href', 'https://www.fedex.com/fedextrack/?trknbr=7712');
    expect(track).toHaveAttribute('target', '_blank');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(ordersRegion()).getByText('Showing 2 of 2 orders')).toBeInTheDocument();
    expect(seen.list.every((r) => r.auth === 'Bearer access-token')).toBe(true);
    // The cart above is still the cart.
    expect(screen.getByRole('table', { name: 'Projects in your cart' })).toBeInTheDocument();
  });

  it('marks partly and fully refunded orders with the amount that came back (ADR 0058)', async () => {
    signInForTest();
    const part = order({
      id: 45,
      order_number: 'BND-000045',
      status: 'paid',
      total: '54.40',
      refunded: '10.00',
    });
    const all = order({
      id: 44,
      order_number: 'BND-000044',
      status: 'canceled',
      total: '45.36',
      refunded: '45.36',
    });
    const kept = order({
      id: 43,
      order_number: 'BND-000043',
      status: 'paid',
      total: '20.00',
      refunded: '0.00',
    });
    server.use(myBooksHandler([]), ...myOrdersHandlers([part, all, kept]));
    renderRoute('/orders');
    await within(ordersRegion()).findByRole('table');
    expect(orderRows().map((r) => [r[0], r[3], r[4]])).toEqual([
      ['BND-000045', '$54.40', 'Paid Partly refunded $10.00'],
      ['BND-000044', '$45.36', 'Canceled Refunded $45.36'],
      ['BND-000043', '$20.00', 'Paid'],
    ]);
  });

  it("an empty cart after an order says the cart is empty (not 'No Orders Yet') and lists the order", async () => {
    signInForTest();
    server.use(myBooksHandler([]), ...myOrdersHandlers([shipped]));
    renderRoute('/orders');
    expect(await screen.findByText('Hi Ann Reader, your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Cart', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: messages.cart.noOrdersYet })).not.toBeInTheDocument();
    await waitFor(() => expect(orderRows()).toHaveLength(1));
  });

  it("a customer without orders sees the spec's 'No Orders Yet' and that no order was placed", async () => {
    signInForTest();
    server.use(myBooksHandler([]));
    renderRoute('/orders');
    expect(await screen.findByRole('heading', { name: messages.cart.noOrdersYet })).toBeInTheDocument();
    expect(await within(ordersRegion()).findByText(s.noOrdersPlaced)).toBeInTheDocument();
  });

  it('pages on the server: "Load more" asks for the next keyset page', async () => {
    signInForTest();
    const many = Array.from({ length: MY_ORDERS_PAGE_SIZE + 2 }, (_, i) =>
      order({ id: 100 + i, order_number: `BND-000${100 + i}`, status: 'paid' }),
    );
    const seen: OrdersSeen = { list: [], details: [] };
    server.use(myBooksHandler([]), ...myOrdersHandlers(many, seen));
    renderRoute('/orders');
    await waitFor(() => expect(orderRows()).toHaveLength(MY_ORDERS_PAGE_SIZE));
    expect(
      within(ordersRegion()).getByText(`Showing ${MY_ORDERS_PAGE_SIZE} of ${many.length} orders`),
    ).toBeInTheDocument();
    await userEvent.setup().click(within(ordersRegion()).getByRole('button', { name: s.loadMore }));
    await waitFor(() => expect(orderRows()).toHaveLength(many.length));
    expect(seen.list.filter((r) => r.limit === String(MY_ORDERS_PAGE_SIZE)).map((r) => r.cursor)).toEqual([
      null,
      String(MY_ORDERS_PAGE_SIZE),
    ]);
    expect(within(ordersRegion()).queryByRole('button', { name: s.loadMore })).not.toBeInTheDocument();
  });

  it('a failed "Load more" keeps the orders already shown and says so inline', async () => {
    signInForTest();
    const many = Array.from({ length: MY_ORDERS_PAGE_SIZE + 2 }, (_, i) =>
      order({ id: 100 + i, order_number: `BND-000${100 + i}`, status: 'paid' }),
    );
    server.use(
      myBooksHandler([]),
      // The next page fails; the first page is the fixtures' (a resolver that answers nothing passes on).
      http.get(urlOf(orderRoutes.list), ({ request }) =>
        new URL(request.url).searchParams.get('cursor')
          ? HttpResponse.json({ error: 'boom', code: 'X', statusCode: 500 }, { status: 500 })
          : undefined,
      ),
      ...myOrdersHandlers(many),
    );
    renderRoute('/orders');
    await waitFor(() => expect(orderRows()).toHaveLength(MY_ORDERS_PAGE_SIZE));
    await userEvent.setup().click(within(ordersRegion()).getByRole('button', { name: s.loadMore }));
    expect(await within(ordersRegion()).findByRole('alert')).toHaveTextContent(s.loadMyOrdersFailed);
    expect(orderRows()).toHaveLength(MY_ORDERS_PAGE_SIZE);
    expect(within(ordersRegion()).getByRole('button', { name: s.loadMore })).toBeInTheDocument();
  });

  it('says when the orders cannot be loaded, and Try again reads them again', async () => {
    signInForTest();
    let fail = true;
    server.use(
      myBooksHandler([]),
      http.get(urlOf(orderRoutes.list), () =>
        fail
          ? HttpResponse.json({ error: 'boom', code: 'X', statusCode: 500 }, { status: 500 })
          : HttpResponse.json({ data: [], next_cursor: null, total: 0 }),
      ),
    );
    renderRoute('/orders');
    expect(
      await within(await screen.findByRole('region', { name: s.yourOrders })).findByRole('alert'),
    ).toHaveTextContent(s.loadMyOrdersFailed);
    fail = false;
    await userEvent.setup().click(within(ordersRegion()).getByRole('button', { name: 'Try again' }));
    expect(await within(ordersRegion()).findByText(s.noOrdersPlaced)).toBeInTheDocument();
  });
});
