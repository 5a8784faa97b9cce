import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { describe, expect, it } from 'vitest';
import { CustomerOverviewResponse, orderRoutes } from '@bindery/contracts/store/orders';
import { order } from '#testing/checkout-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { myOrdersHandlers, type OrdersSeen } from '#testing/order-fixtures.ts';
import { myBooksHandler, projectFixture } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { OVERVIEW_LATEST } from '../customer-overview';
import { defined } from '@bindery/ui/testing';

const overview = () => screen.findByRole('region', { name: 'Your orders and payments' });

/** A seller's words and links the buyer's overview must never show (ADR 0058). */
function expectNoSellerWording(region: HTMLElement) {
  expect(region).not.toHaveTextContent(/revenue|sales/i);
  expect(within(region).queryByRole('link', { name: 'Payment Overview' })).not.toBeInTheDocument();
  expect(within(region).queryByRole('link', { name: 'Project Overview' })).not.toBeInTheDocument();
  for (const link of within(region).queryAllByRole('link')) {
    expect(link.getAttribute('href')).not.toBe('/shop');
    expect(link.getAttribute('href')).not.toBe('/design-project');
  }
}

describe('/userdashboard: the overview of the customer’s orders (ADR 0058)', () => {
  it('says there is nothing to pay and nothing open for a new customer, in a buyer’s words', async () => {
    signInForTest();
    server.use(myBooksHandler([projectFixture({ id: 1 })]));
    renderRoute('/userdashboard');
    const region = await overview();
    expect(await within(region).findByTestId('unpaid-summary')).toHaveTextContent('Nothing to pay.');
    expect(within(region).getByTestId('spent-total')).toHaveTextContent('$0.00');
    expect(within(region).getByTestId('open-orders')).toHaveTextContent(
      'No order is being printed or shipped.',
    );
    expect(within(region).queryByRole('list', { name: 'Orders to pay' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('list', { name: 'Latest orders' })).not.toBeInTheDocument();
    expectNoSellerWording(region);
  });

  it('links each unpaid order to its payment page and shows money spent and open orders', async () => {
    signInForTest();
    const orders = [
      order({ id: 45, order_number: 'BND-000045', status: 'delivered', total: '1234.5' }),
      order({ id: 44, order_number: 'BND-000044', status: 'awaiting_payment' }),
      order({ id: 43, order_number: 'BND-000043', status: 'paid' }),
      order({ id: 42, order_number: 'BND-000042', status: 'canceled' }),
    ];
    const seen: OrdersSeen = { list: [], details: [] };
    server.use(
      myBooksHandler([]),
      ...myOrdersHandlers(orders, seen),
      http.get(urlOf(orderRoutes.overview), ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer access-token');
        return HttpResponse.json(
          CustomerOverviewResponse.parse({
            currency: 'USD',
            unpaid: {
              count: 2,
              total: '207.52',
              orders: [
                {
                  id: 44,
                  order_number: 'BND-000044',
                  total: '162.16',
                  created_at: '2026-11-22T10:00:00.000Z',
                  expires_at: '2026-11-23T10:00:00.000Z',
                },
                {
                  id: 46,
                  order_number: 'BND-000046',
                  total: '45.36',
                  created_at: '2026-11-22T11:00:00.000Z',
                  expires_at: '2026-11-23T11:00:00.000Z',
                },
              ],
            },
            spent_total: '1376.66',
            refunded_total: '20.00',
            counts: { open: 1, delivered: 1, canceled: 1 },
            last_paid_at: '2026-11-22T10:05:00.000Z',
          }),
        );
      }),
    );
    renderRoute('/userdashboard');
    const region = await overview();
    expect(await within(region).findByTestId('unpaid-summary')).toHaveTextContent('2 orders to pay: $207.52');
    const toPay = within(region).getByRole('list', { name: 'Orders to pay' });
    expect(within(toPay).getByRole('link', { name: 'Pay BND-000044 ($162.16)' })).toHaveAttribute(
      'href',
      '/payment?order=44',
    );
    expect(within(toPay).getByRole('link', { name: 'Pay BND-000046 ($45.36)' })).toHaveAttribute(
      'href',
      '/payment?order=46',
    );
    expect(within(region).getByTestId('spent-total')).toHaveTextContent('$1,376.66');
    expect(region).toHaveTextContent('Refunded to you$20.00');
    expect(region).toHaveTextContent('Last paymentNov 22, 2026');
    expect(within(region).getByTestId('open-orders')).toHaveTextContent(
      '1 order is being printed or on the way.',
    );
    expect(within(region).getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
    expectNoSellerWording(region);

    const latest = await within(region).findByRole('list', { name: 'Latest orders' });
    const items = within(latest).getAllByRole('listitem');
    expect(items).toHaveLength(OVERVIEW_LATEST);
    expect(within(defined(items[0])).getByRole('link', { name: 'BND-000045' })).toHaveAttribute(
      'href',
      '/orders/45',
    );
    expect(items[0]).toHaveTextContent('$1,234.50');
    expect(items[0]).toHaveTextContent('Delivered');
    expect(seen.list.map((r) => r.limit)).toContain(String(OVERVIEW_LATEST));
    expect(within(region).getByRole('link', { name: 'All your orders →' })).toHaveAttribute(
      'href',
      '/orders',
    );
  });
});
