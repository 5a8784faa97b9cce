import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSalesRoutes, SalesReportResponse, type SalesPayment } from '@bindery/contracts/admin/sales';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { SALES_PAYMENTS_PAGE_SIZE } from '#features/sales/api/get-sales-report.ts';
import { zero } from './sales-fixtures';
import { bodyCells, defined } from '@bindery/ui/testing';

const s = messages.orderScreens;

const payment = (id: number, fields: Partial<SalesPayment> = {}): SalesPayment => ({
  id,
  order_id: 40 + id,
  order_number: `BND-0000${40 + id}`,
  customer_name: `Reader ${id}`,
  customer_email: `reader${id}@example.test`,
  method: 'card',
  provider_reference: `cs_test_${id}`,
  amount_cents: 16216,
  refunded_cents: 0,
  paid_at: '2026-11-22T10:05:00.000Z',
  order_status: 'paid',
  ...fields,
});

function report(from: string, to: string, payments: SalesPayment[], cursor: string | null, total: number) {
  return SalesReportResponse.parse({
    from,
    to,
    currency: 'USD',
    totals: {
      paid_cents: 26216,
      refunded_cents: 1000,
      outstanding_cents: 4500,
      payments: 2,
      refunds: 1,
      awaiting_orders: 1,
    },
    by_method: [
      { method: 'card', ...zero, paid_cents: 16216, refunded_cents: 1000, payments: 1, refunds: 1 },
      { method: 'paypal', ...zero, paid_cents: 10000, payments: 1 },
      { method: null, ...zero, outstanding_cents: 4500, awaiting_orders: 1 },
    ],
    days: [
      { date: '2026-11-21', ...zero, methods: [] },
      {
        date: '2026-11-22',
        ...zero,
        paid_cents: 26216,
        payments: 2,
        methods: [
          { method: 'card', ...zero, paid_cents: 16216, payments: 1 },
          { method: 'paypal', ...zero, paid_cents: 10000, payments: 1 },
        ],
      },
      {
        date: '2026-11-23',
        ...zero,
        refunded_cents: 1000,
        outstanding_cents: 4500,
        refunds: 1,
        awaiting_orders: 1,
        methods: [
          { method: 'card', ...zero, refunded_cents: 1000, refunds: 1 },
          { method: null, ...zero, outstanding_cents: 4500, awaiting_orders: 1 },
        ],
      },
    ],
    payments: { data: payments, next_cursor: cursor, total },
  });
}

interface Asked {
  from: string | null;
  to: string | null;
  cursor: string | null;
  limit: string | null;
  auth: string | null;
}

function salesApi(
  all: SalesPayment[] = [
    payment(2, { method: 'paypal', amount_cents: 10000 }),
    payment(1, { refunded_cents: 1000 }),
  ],
) {
  const asked: Asked[] = [];
  server.use(
    http.get(urlOf(adminSalesRoutes.report), ({ request }) => {
      const p = new URL(request.url).searchParams;
      asked.push({
        from: p.get('from'),
        to: p.get('to'),
        cursor: p.get('cursor'),
        limit: p.get('limit'),
        auth: request.headers.get('authorization'),
      });
      const limit = Number(p.get('limit'));
      const start = p.get('cursor') ? Number(p.get('cursor')) : 0;
      const next = start + limit < all.length ? String(start + limit) : null;
      return HttpResponse.json(
        report(
          p.get('from') ?? '2026-11-21',
          p.get('to') ?? '2026-11-23',
          all.slice(start, start + limit),
          next,
          all.length,
        ),
      );
    }),
  );
  return asked;
}

const rowsOf = (name: string) => bodyCells(screen.getByRole('table', { name }));

describe('Sales and payments (/admin/payment)', () => {
  beforeEach(() => void signInForTest());

  it("shows the period's totals, the figures per method and the payments, with the admin's token", async () => {
    const asked = salesApi();
    renderAdminRoute('/admin/payment');
    expect(await screen.findByRole('heading', { name: s.salesTitle, level: 1 })).toBeInTheDocument();
    expect(await screen.findByTestId('total-paid')).toHaveTextContent('$262.16');
    expect(screen.getByTestId('total-refunded')).toHaveTextContent('$10.00');
    expect(screen.getByTestId('total-outstanding')).toHaveTextContent('$45.00');
    expect(screen.getByRole('list', { name: 'Totals of the period' })).toHaveTextContent(
      '1 order awaits payment',
    );
    expect(asked).toEqual([
      {
        from: null,
        to: null,
        cursor: null,
        limit: String(SALES_PAYMENTS_PAGE_SIZE),
        auth: 'Bearer admin-access',
      },
    ]);
    expect(rowsOf('By payment method')).toEqual([
      ['Card (Stripe)', '$162.16', '$10.00', '$0.00', '1'],
      ['PayPal', '$100.00', '$0.00', '$0.00', '1'],
      ['No payment started', '$0.00', '$0.00', '$45.00', '0'],
    ]);
    expect(rowsOf('Payments of the period, newest first')).toEqual([
      [
        expect.stringMatching(/^Nov 22, 2026/),
        'BND-000042',
        'Reader 2reader2@example.test',
        'PayPal',
        'cs_test_2',
        '$100.00',
        '—',
        'Paid',
      ],
      [
        expect.stringMatching(/^Nov 22, 2026/),
        'BND-000041',
        'Reader 1reader1@example.test',
        'Card (Stripe)',
        'cs_test_1',
        '$162.16',
        '$10.00',
        'Paid',
      ],
    ]);
    expect(screen.getByRole('link', { name: 'Order BND-000041' })).toHaveAttribute(
      'href',
      '/admin/order-info?id=41',
    );
    // When, the order number and the amounts never break across lines at a desktop width (ADR 0066).
    const first = within(
      screen.getByRole('table', { name: 'Payments of the period, newest first' }),
    ).getAllByRole('row')[1];
    expect(
      within(defined(first))
        .getAllByRole('cell')
        .map((c) => c.classList.contains('b-nowrap')),
    ).toEqual([true, true, false, false, false, true, true, false]);
    expect(screen.getByText('Showing 2 of 2 payments')).toBeInTheDocument();
    // The period the server chose is in the form.
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-21');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-23');
    expect(screen.getByRole('link', { name: 'Sales and payments' })).toHaveAttribute('aria-current', 'page');
  });

  it('draws paid, refunded and outstanding per day as an image described by its totals, with every day in a table; a method narrows both', async () => {
    salesApi();
    renderAdminRoute('/admin/payment');
    const chart = await screen.findByRole('img', {
      name: /^Paid, refunded and outstanding per day, all methods, Nov 21 to Nov 23$/,
    });
    expect(chart).toHaveAccessibleDescription(
      'Paid $262.16, refunded $10.00, outstanding $45.00. The table "Figures per day" lists every day.',
    );
    const bars = [...chart.querySelectorAll('rect > title')].map((t) => t.textContent);
    expect(bars).toEqual(['Nov 22: paid $262.16', 'Nov 23: refunded $10.00', 'Nov 23: outstanding $45.00']);
    expect(rowsOf('Figures per day, all methods')).toEqual([
      ['2026-11-21', '$0.00', '$0.00', '$0.00'],
      ['2026-11-22', '$262.16', '$0.00', '$0.00'],
      ['2026-11-23', '$0.00', '$10.00', '$45.00'],
    ]);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'PayPal' }));
    const paypal = screen.getByRole('img', { name: /PayPal, Nov 21 to Nov 23$/ });
    expect([...paypal.querySelectorAll('rect > title')].map((t) => t.textContent)).toEqual([
      'Nov 22: paid $100.00',
    ]);
    expect(rowsOf('Figures per day, PayPal')[1]).toEqual(['2026-11-22', '$100.00', '$0.00', '$0.00']);
  });

  it('asks for the period chosen (in the address, so a reload keeps it), and for a quick period', async () => {
    const asked = salesApi();
    const { router } = renderAdminRoute('/admin/payment?from=2026-11-01&to=2026-11-30');
    await screen.findByTestId('total-paid');
    expect(asked[0]).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    const user = userEvent.setup();
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-10');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ from: '2026-11-10', to: '2026-11-30' }));
    expect(router.state.location.search).toBe('?from=2026-11-10&to=2026-11-30');
    // The first day after the last is refused before asking.
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(
      'The first day must not be after the last.',
    );
    const count = asked.length;
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(asked.length).toBe(count + 1));
    const last = defined(asked.at(-1));
    expect((Date.parse(defined(last.to)) - Date.parse(defined(last.from))) / 86_400_000).toBe(6);
  });

  it('pages the payments on the server: "Load more" asks with the cursor', async () => {
    const many = Array.from({ length: SALES_PAYMENTS_PAGE_SIZE + 3 }, (_, i) => payment(100 + i));
    const asked = salesApi(many);
    renderAdminRoute('/admin/payment');
    await screen.findByText(`Showing ${SALES_PAYMENTS_PAGE_SIZE} of ${many.length} payments`);
    await userEvent.setup().click(screen.getByRole('button', { name: s.loadMore }));
    await screen.findByText(`Showing ${many.length} of ${many.length} payments`);
    expect(asked.map((a) => a.cursor)).toEqual([null, String(SALES_PAYMENTS_PAGE_SIZE)]);
    expect(screen.queryByRole('button', { name: s.loadMore })).not.toBeInTheDocument();
  });

  it("shows the server's words for a period it refuses, and 'Failed to load sales' otherwise", async () => {
    server.use(
      http.get(urlOf(adminSalesRoutes.report), () =>
        HttpResponse.json(
          {
            error: 'Invalid query',
            code: 'VALIDATION',
            statusCode: 400,
            fields: [{ path: 'querystring.from', message: 'The period must be at most 366 days' }],
          },
          { status: 400 },
        ),
      ),
    );
    const first = renderAdminRoute('/admin/payment?from=2020-01-01&to=2026-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid query The period must be at most 366 days',
    );
    first.unmount();
    server.use(
      http.get(urlOf(adminSalesRoutes.report), () =>
        HttpResponse.json({ error: 'boom', code: 'X', statusCode: 500 }, { status: 500 }),
      ),
    );
    renderAdminRoute('/admin/payment');
    expect(await screen.findByRole('alert')).toHaveTextContent(s.loadSalesFailed);
  });
});

describe('Sales and payments: exports for the books', () => {
  beforeEach(() => void signInForTest());
  afterEach(() => vi.restoreAllMocks());

  it("downloads the period's orders, and its payments and refunds, as CSV with the admin's token", async () => {
    salesApi();
    const asked: { path: string; query: string; auth: string | null }[] = [];
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return `blob:admin/${saved.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const csv = (kind: string) =>
      http.get(
        urlOf(kind === 'orders' ? adminSalesRoutes.exportOrders : adminSalesRoutes.exportMoney),
        ({ request }) => {
          const url = new URL(request.url);
          asked.push({ path: url.pathname, query: url.search, auth: request.headers.get('authorization') });
          return new HttpResponse(`${kind}-header\r\n`, {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="bindery-${kind}-2026-11-01-to-2026-11-23.csv"`,
            },
          });
        },
      );
    server.use(csv('orders'), csv('payments'));
    const user = userEvent.setup();
    renderAdminRoute('/admin/payment?from=2026-11-01&to=2026-11-23');
    await user.click(await screen.findByRole('button', { name: 'Export orders (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Export payments and refunds (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(asked).toEqual([
      {
        path: '/api/admin/sales/export/orders/',
        query: '?from=2026-11-01&to=2026-11-23',
        auth: 'Bearer admin-access',
      },
      {
        path: '/api/admin/sales/export/payments/',
        query: '?from=2026-11-01&to=2026-11-23',
        auth: 'Bearer admin-access',
      },
    ]);
    expect(await defined(saved[0], 'the orders file').text()).toBe('orders-header\r\n');
    // Saved under the server's names.
    expect(downloads).toEqual([
      'bindery-orders-2026-11-01-to-2026-11-23.csv',
      'bindery-payments-2026-11-01-to-2026-11-23.csv',
    ]);
  });
});
