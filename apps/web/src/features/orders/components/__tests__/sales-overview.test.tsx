import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { urlOf } from '@bindery/contracts/route';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { orderRoutes, SalesOverviewResponse } from '@bindery/contracts/store/orders';
import { order } from '#testing/checkout-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { myOrdersHandlers, type OrdersSeen } from '#testing/order-fixtures.ts';
import { myBooksHandler, projectFixture } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { OVERVIEW_LATEST } from '../sales-overview';
import { defined } from '@bindery/ui/testing';

const m = messages.orders;
const overview = () => screen.findByRole('region', { name: 'Sales and payments overview' });

describe('/userdashboard: Sales and payments overview', () => {
  it("shows the spec's texts when there is nothing yet: '0.00 USD total unpaid revenue', 'You don't have any sales yet'", async () => {
    signInForTest();
    server.use(myBooksHandler([projectFixture({ id: 1 })]));
    renderRoute('/userdashboard');
    const region = await overview();
    expect(await within(region).findByText(m.totalUnpaidRevenue('0.00'))).toBeInTheDocument();
    expect(within(region).getByText('0.00 USD total unpaid revenue')).toBeInTheDocument();
    expect(within(region).getByText("You don't have any sales yet")).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: m.paymentOverview })).toHaveAttribute('href', '/shop');
    expect(within(region).getByRole('link', { name: m.projectOverview })).toHaveAttribute(
      'href',
      '/design-project',
    );
    expect(within(region).queryByRole('list', { name: 'Latest orders' })).not.toBeInTheDocument();
  });

  it("shows the customer's real figures and the latest orders, each linking to its page", async () => {
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
          SalesOverviewResponse.parse({
            currency: 'USD',
            paid_total: '1396.66',
            refunded_total: '20.00',
            awaiting_payment_total: '162.16',
            counts: { awaiting_payment: 1, paid: 2, canceled: 1 },
            last_paid_at: '2026-11-22T10:05:00.000Z',
          }),
        );
      }),
    );
    renderRoute('/userdashboard');
    const region = await overview();
    expect(await within(region).findByTestId('unpaid-revenue')).toHaveTextContent(
      '162.16 USD total unpaid revenue',
    );
    expect(within(region).getByText('1 order waits for payment')).toBeInTheDocument();
    expect(within(region).getByTestId('paid-total')).toHaveTextContent('$1,396.66 (2 orders)');
    expect(region).toHaveTextContent('Refunded$20.00');
    expect(region).toHaveTextContent('Canceled1 order');
    expect(region).toHaveTextContent('Last paymentNov 22, 2026');
    expect(within(region).queryByText(m.noSalesYet)).not.toBeInTheDocument();
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
