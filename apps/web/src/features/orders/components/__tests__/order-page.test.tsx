import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { InvoiceListResponse, invoiceRoutes } from '@bindery/contracts/store/invoices';
import { orderNoteRoutes } from '@bindery/contracts/store/order-notes';
import { orderRoutes, ReorderResponse, type ReorderBody } from '@bindery/contracts/store/orders';
import { CalculateResponse, catalogRoutes } from '@bindery/contracts/store/catalog';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { PRODUCTS } from '@bindery/pricing/products';
import { readCart } from '#lib/cart.ts';
import { order } from '#testing/checkout-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { myOrdersHandlers, type OrdersSeen } from '#testing/order-fixtures.ts';
import { myBooksHandler, projectFixture } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest, testCustomer } from '#testing/session.ts';
import { bodyCells, defined } from '@bindery/ui/testing';

const s = messages.orderScreens;

const shipped = order({
  id: 43,
  order_number: 'BND-000043',
  status: 'shipped',
  payment_method: 'card',
  paid_at: '2026-11-22T10:05:00.000Z',
  expires_at: null,
  carrier: 'FedEx',
  tracking_number: '7712',
  tracking_url: 'https://www.fedex.com/fedextrack/?trknbr=7712',
  discount: '12.48',
  refunded: '10.00',
  refunds: [{ amount: '10.00', created_at: '2026-11-24T09:00:00.000Z' }],
  timeline: [
    { from: null, status: 'awaiting_payment', at: '2026-11-22T10:00:00.000Z', note: null },
    { from: 'awaiting_payment', status: 'paid', at: '2026-11-22T10:05:00.000Z', note: null },
    { from: 'paid', status: 'in_production', at: '2026-11-23T08:00:00.000Z', note: null },
    { from: 'in_production', status: 'shipped', at: '2026-11-24T08:00:00.000Z', note: 'Two boxes' },
  ],
});
const unpaid = order({ id: 42 });

const region = (name: string) => screen.getByRole('region', { name });

/** Today's prices (ADR 0066): each book's project, and the server's calculator per category (cost per book). */
function todaysPricesApi(costPerBook: Record<string, string>) {
  const asked: { category: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.get(urlOf(projectRoutes.get), ({ params }) => {
      const id = Number(params['id']);
      const category = id === 11 ? 'Print Book' : 'Photo Book';
      return HttpResponse.json(projectFixture({ id, title: `Book ${id}`, category, status: 'ordered' }));
    }),
    ...(['calculator', 'photobook'] as const).map((slug) =>
      http.post(urlOf(catalogRoutes(PRODUCTS[slug]).calculate), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        asked.push({ category: slug, body });
        const each = defined(costPerBook[slug], `a price for ${slug}`);
        const quantity = Number(body['quantity']);
        return HttpResponse.json(
          CalculateResponse.parse({
            cost_per_book: each,
            total_cost: (Number(each) * quantity).toFixed(2),
            unit_price: each,
            quantity,
            currency: 'USD',
            tiers: [],
          }),
        );
      }),
    ),
  );
  return asked;
}

// Every shipped order offers 'Order again', which reads today's prices: answered unless a test says otherwise.
beforeEach(() => void todaysPricesApi({ calculator: '8.48', photobook: '20.00' }));

describe('/orders/:id: the order page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers a paid e-book’s files as downloads fetched with the token, and shows no shipping (ADR 0034)', async () => {
    const user = userEvent.setup();
    signInForTest();
    const digital = order({
      id: 44,
      order_number: 'BND-000044',
      status: 'delivered',
      payment_method: 'card',
      paid_at: '2026-11-22T10:05:00.000Z',
      expires_at: null,
      items: [
        {
          project_id: 15,
          title: 'Night Letters',
          category: 'e Book',
          quantity: 1,
          cost_per_book: '9.99',
          discount_amount: '0.00',
          line_total: '9.99',
          downloads: {
            pdf: urlOf(orderRoutes.download, { id: 44, project_id: 15, kind: 'pdf' }),
            cover: urlOf(orderRoutes.download, { id: 44, project_id: 15, kind: 'cover' }),
          },
          specs: null,
        },
      ],
      subtotal: '9.99',
      shipping: '0.00',
      tax: '0.82',
      total: '10.81',
      shipping_service: {
        service_code: 'digital',
        service_name: 'Download from your order page',
        courier_name: 'Digital delivery',
        total_charge: '0.00',
        delivery_time: 'Ready to download once paid',
      },
    });
    const fetched: { path: string; auth: string | null }[] = [];
    server.use(
      ...myOrdersHandlers([digital]),
      // This order's and book's two files only: a request for another order's would go unanswered.
      ...(['pdf', 'cover'] as const).map((kind) =>
        http.get(urlOf(orderRoutes.download, { id: 44, project_id: 15, kind }), ({ request }) => {
          fetched.push({ path: kind, auth: request.headers.get('authorization') });
          return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="night.pdf"',
            },
          });
        }),
      ),
    );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:night');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderRoute('/orders/44');
    const downloads = await screen.findByRole('region', { name: 'Downloads' });
    await user.click(within(downloads).getByRole('button', { name: 'Download the PDF of Night Letters' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(fetched).toEqual([{ path: 'pdf', auth: expect.stringMatching(/^Bearer /) as string }]);
    expect(created).toHaveBeenCalledTimes(1);
    expect(
      within(downloads).getByRole('button', { name: 'Download the cover of Night Letters' }),
    ).toBeInTheDocument();
    // Nothing shipped: no carrier service, a billing address, and no "order again" for files already owned.
    expect(screen.getByText('Shipping (none: download)')).toBeInTheDocument();
    expect(screen.getByText('Billing address')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: s.reorderTitle })).toBeNull();
  });

  it('offers the paid order’s invoice and credit notes as PDFs fetched with the token (ADR 0075)', async () => {
    const user = userEvent.setup();
    signInForTest();
    const fetched: { number: string; auth: string | null }[] = [];
    server.use(
      ...myOrdersHandlers([shipped]),
      http.get(urlOf(invoiceRoutes.list, { id: 43 }), () =>
        HttpResponse.json(
          InvoiceListResponse.parse({
            documents: [
              {
                kind: 'invoice',
                number: 'INV-2026-000007',
                issued_at: '2026-11-22T10:05:00.000Z',
                total: shipped.total,
                currency: 'USD',
                invoice_number: null,
              },
              {
                kind: 'credit_note',
                number: 'CN-2026-000002',
                issued_at: '2026-11-24T09:00:00.000Z',
                total: '10.00',
                currency: 'USD',
                invoice_number: 'INV-2026-000007',
              },
            ],
          }),
        ),
      ),
      http.get(urlOf(invoiceRoutes.pdf), ({ request, params }) => {
        fetched.push({
          number: `${String(params['id'])} ${String(params['number'])}`,
          auth: request.headers.get('authorization'),
        });
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="${String(params['number'])}.pdf"`,
          },
        });
      }),
    );
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderRoute('/orders/43');
    const invoices = await screen.findByRole('region', { name: 'Invoices' });
    expect(within(invoices).getByText('Invoice INV-2026-000007')).toBeInTheDocument();
    expect(within(invoices).getByText('Credit note CN-2026-000002')).toBeInTheDocument();
    expect(within(invoices).getByText(/credits INV-2026-000007/)).toBeInTheDocument();
    await user.click(within(invoices).getByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    await user.click(within(invoices).getByRole('button', { name: 'Download credit note' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(2));
    expect(fetched).toEqual([
      { number: '43 INV-2026-000007', auth: expect.stringMatching(/^Bearer /) as string },
      { number: '43 CN-2026-000002', auth: expect.stringMatching(/^Bearer /) as string },
    ]);
    expect(created).toHaveBeenCalledTimes(2);
  });

  it('offers no invoice before payment, and does not ask for one', async () => {
    signInForTest();
    let asked = 0;
    server.use(
      ...myOrdersHandlers([unpaid]),
      http.get(urlOf(invoiceRoutes.list), () => {
        asked += 1;
        return HttpResponse.json({ documents: [] });
      }),
    );
    renderRoute('/orders/42');
    expect(await screen.findByRole('heading', { name: /Order BND-/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invoices' })).toBeNull();
    expect(asked).toBe(0);
  });

  it('offers no downloads before payment', async () => {
    signInForTest();
    server.use(...myOrdersHandlers([unpaid]));
    renderRoute('/orders/42');
    expect(await screen.findByRole('heading', { name: /Order BND-/, level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Downloads' })).toBeNull();
  });

  it('sends guests to /login', async () => {
    const { router } = renderRoute('/orders/43');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/orders/43' });
  });

  it('shows the notes staff shared with the customer (docs/decisions/0071), none when there are none', async () => {
    signInForTest();
    server.use(
      ...myOrdersHandlers([shipped]),
      http.get(urlOf(orderNoteRoutes.list), () =>
        HttpResponse.json({
          notes: [
            {
              id: 1,
              body: 'Your books go to the printer on Monday.',
              created_at: '2026-11-28T09:00:00.000Z',
            },
          ],
        }),
      ),
    );
    renderRoute('/orders/43');
    const notes = await screen.findByRole('region', { name: 'Notes from us' });
    expect(within(notes).getByText('Your books go to the printer on Monday.')).toBeInTheDocument();
  });

  it('shows where a shipped order stands: progress, history with shared notes, carrier and tracking link', async () => {
    signInForTest();
    server.use(...myOrdersHandlers([shipped]));
    renderRoute('/orders/43');
    expect(await screen.findByRole('heading', { name: 'Order BND-000043', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Order BND-000043 | Bindery'));
    const status = region('Status');
    const steps = within(within(status).getByRole('list', { name: 'Order progress' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((li) => li.querySelector('.b-progress__label')?.textContent)).toEqual([
      'Awaiting payment',
      'Paid',
      'In production',
      'Shipped',
      'Delivered',
    ]);
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(steps[3]).toHaveTextContent('Nov 24, 2026');
    expect(steps[4]).toHaveTextContent('Not yet');
    const history = within(
      within(status).getByRole('list', { name: 'Status history, oldest first' }),
    ).getAllByRole('listitem');
    expect(history).toHaveLength(4);
    expect(history[3]).toHaveTextContent('Shipped');
    expect(history[3]).toHaveTextContent('Two boxes');
    expect(within(status).getByText('7712')).toBeInTheDocument();
    const track = within(status).getByRole('link', {
      name: `${s.trackParcel}: order BND-000043 (opens in a new tab)`,
    });
    expect(track).toHaveAttribute('href', 'https://www.fedex.com/fedextrack/?trknbr=7712');
  });

  it('shows the books, the amounts with discount and refunds, the address and the payment; Print receipt prints', async () => {
    signInForTest();
    server.use(...myOrdersHandlers([shipped]));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderRoute('/orders/43');
    const books = await screen.findByRole('region', { name: 'Books' });
    expect(bodyCells(within(books).getByRole('table'))).toEqual([
      ['My Novel (Print Book)', '10', '$8.48', '—', '$84.80'],
      ['Family Album (Photo Book)', '2', '$20.00', '—', '$40.00'],
    ]);
    const termsOf = (list: HTMLElement) =>
      within(list)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    // Each printed book's specifications, as the server describes what was printed (ADR 0058).
    expect(termsOf(screen.getByLabelText('Specifications of My Novel'))).toEqual([
      ['Trim size', 'US Trade — 6 × 9 in'],
      ['Binding', 'Perfect Bound'],
      ['Paper', '60# White-Uncoated'],
      ['Interior color', 'Standard Color'],
      ['Cover finish', 'Matte'],
      ['Pages', '240'],
      ['Copies', '10'],
    ]);
    expect(termsOf(screen.getByLabelText('Specifications of Family Album'))).toEqual([
      ['Trim size', 'Square — 8.5 × 8.5 in'],
      ['Binding', 'Case Wrap'],
      ['Paper', '100# White-Coated'],
      ['Interior color', 'Premium Color'],
      ['Cover finish', 'Gloss'],
      ['Spine', 'Round'],
      ['Pages', '40'],
      ['Copies', '2'],
    ]);
    const terms = termsOf(screen.getByLabelText('Amounts'));
    expect(terms).toEqual([
      ['Subtotal', '$124.80'],
      ['First-print discount', '−$12.48'],
      ['Shipping (FedEx Ground, 3-5 days)', '$25.00'],
      ['Tax (8.25%)', '$12.36'],
      ['Total', '$162.16'],
      ['Refunded', '−$10.00'],
    ]);
    expect(within(books).getByText('Texas individual sales tax')).toBeInTheDocument();
    expect(
      within(within(books).getByRole('list', { name: 'Refunds' })).getByRole('listitem'),
    ).toHaveTextContent('$10.00 refunded on Nov 24, 2026');
    const delivery = region('Delivery and payment');
    expect(delivery).toHaveTextContent('Ann Reader100 Congress AveAustin, TX 78701, US');
    expect(delivery).toHaveTextContent(/Card, Nov 22, 2026/);
    // The receipt is numbered and names the merchant from the server's configuration (ADR 0058).
    expect(await screen.findByTestId('receipt-merchant')).toHaveTextContent(
      'Receipt BND-000043 · Bindery, 100 Congress Ave, Austin, TX 78701, United States',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: s.printReceipt }));
    expect(print).toHaveBeenCalledTimes(1);
    // What printing leaves out: the way back, the buttons and the reorder form.
    expect(screen.getByRole('button', { name: s.printReceipt })).toHaveClass('b-no-print');
    expect(region(s.reorderTitle)).toHaveClass('b-no-print');
  });

  it('an unpaid order offers its payment page and cannot be ordered again', async () => {
    signInForTest();
    server.use(...myOrdersHandlers([unpaid]));
    renderRoute('/orders/42');
    expect(await screen.findByRole('heading', { name: 'Order BND-000042', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(s.awaitingPayment))).toHaveTextContent(/Pay by Nov 23, 2026/);
    expect(screen.getByRole('link', { name: s.payNow })).toHaveAttribute('href', '/payment?order=42');
    expect(screen.queryByRole('region', { name: s.reorderTitle })).not.toBeInTheDocument();
  });

  it("says 'Order not found.' for an order that is not the customer's (404) and for a malformed id", async () => {
    signInForTest();
    const seen: OrdersSeen = { list: [], details: [] };
    server.use(...myOrdersHandlers([], seen));
    const first = renderRoute('/orders/99');
    expect(await screen.findByRole('heading', { name: s.orderNotFound })).toBeInTheDocument();
    expect(seen.details).toEqual([99]);
    first.unmount();
    renderRoute('/orders/abc');
    expect(await screen.findByRole('heading', { name: s.orderNotFound })).toBeInTheDocument();
    expect(seen.details).toEqual([99]);
  });

  it('says when the order cannot be loaded, and Try again reads it again', async () => {
    signInForTest();
    let fail = true;
    server.use(
      http.get(urlOf(orderRoutes.get), ({ params }) =>
        params.id === 'overview'
          ? undefined
          : fail
            ? HttpResponse.json({ error: 'boom', code: 'X', statusCode: 500 }, { status: 500 })
            : HttpResponse.json({ order: shipped }),
      ),
    );
    renderRoute('/orders/43');
    expect(await screen.findByRole('alert')).toHaveTextContent(s.loadOrderFailed);
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Order BND-000043', level: 1 })).toBeInTheDocument();
  });
});

describe('/orders/:id: reorder', () => {
  it("shows each book's price today for the copies typed, and says when it differs from this order's", async () => {
    signInForTest();
    server.use(...myOrdersHandlers([shipped]));
    reorderApi(() => HttpResponse.json({}, { status: 500 }));
    const asked = todaysPricesApi({ calculator: '8.73', photobook: '20.00' });
    renderRoute('/orders/43');
    const form = await screen.findByRole('region', { name: s.reorderTitle });
    const novel = within(form).getByLabelText('Copies of My Novel');
    // The same 10 copies cost $8.73 a book today where this order charged $8.48: said before anything is sent.
    await waitFor(() =>
      expect(novel).toHaveAccessibleDescription(
        'Today: $8.73 a book, $87.30 for 10 copies. Prices have changed since this order ($8.48 a book then).',
      ),
    );
    expect(within(form).getByLabelText('Copies of Family Album')).toHaveAccessibleDescription(
      'Today: $20.00 a book, $40.00 for 2 copies.',
    );
    expect(within(form).getByTestId('reorder-total')).toHaveTextContent("Books at today's prices: $127.30");
    // The server's quote of the book's own configuration and page count at the copies typed.
    const printBook = defined(
      asked.find((a) => a.category === 'calculator'),
      'the print book quote',
    );
    expect(printBook.body).toMatchObject({ quantity: 10, page_count: 120 });
    const user = userEvent.setup();
    await user.clear(novel);
    await user.type(novel, '20');
    await waitFor(() =>
      expect(novel).toHaveAccessibleDescription('Today: $8.73 a book, $174.60 for 20 copies.'),
    );
    await waitFor(() => expect(within(form).getByTestId('reorder-total')).toHaveTextContent('$214.60'));
  });

  function reorderApi(answer: (body: ReorderBody) => Response) {
    const bodies: ReorderBody[] = [];
    server.use(
      http.post(urlOf(orderRoutes.reorder), async ({ request, params }) => {
        expect(params.id).toBe('43');
        const body = (await request.json()) as ReorderBody;
        bodies.push(body);
        return answer(body);
      }),
    );
    return bodies;
  }

  it('orders the same books again with the copies chosen: new drafts into the cart, then /shop', async () => {
    signInForTest();
    const copies = [projectFixture({ id: 201, title: 'My Novel', quantity: 25 })];
    let books = [projectFixture({ id: 11, title: 'My Novel', status: 'ordered' })];
    server.use(
      ...myOrdersHandlers([shipped]),
      myBooksHandler(() => books),
    );
    const bodies = reorderApi(() => {
      books = [...books, ...copies];
      return HttpResponse.json(
        ReorderResponse.parse({ message: messages.orders.reordered, projects: copies }),
        { status: 201 },
      );
    });
    const { router } = renderRoute('/orders/43');
    const form = await screen.findByRole('region', { name: s.reorderTitle });
    const user = userEvent.setup();
    const novel = within(form).getByLabelText('Copies of My Novel');
    expect(novel).toHaveValue(10);
    await user.clear(novel);
    await user.type(novel, '25');
    const album = within(form).getByLabelText('Copies of Family Album');
    await user.clear(album);
    await user.type(album, '0');
    await user.click(within(form).getByRole('button', { name: s.reorderButton }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(bodies).toEqual([{ items: [{ project_id: 11, quantity: 25 }] }]);
    expect(readCart(testCustomer.id)).toEqual([{ id: 201, title: 'My Novel', category: 'Print Book' }]);
  });

  it("asks for at least one copy before sending, and shows the server's refusal", async () => {
    signInForTest();
    server.use(...myOrdersHandlers([shipped]));
    const bodies = reorderApi(() =>
      HttpResponse.json(
        { error: messages.orders.notReorderable, code: 'ORDER_NOT_REORDERABLE', statusCode: 409 },
        { status: 409 },
      ),
    );
    renderRoute('/orders/43');
    const form = await screen.findByRole('region', { name: s.reorderTitle });
    const user = userEvent.setup();
    for (const label of ['Copies of My Novel', 'Copies of Family Album']) {
      await user.clear(within(form).getByLabelText(label));
      await user.type(within(form).getByLabelText(label), '0');
    }
    await user.click(within(form).getByRole('button', { name: s.reorderButton }));
    expect(within(form).getByRole('alert')).toHaveTextContent(s.reorderNone);
    expect(bodies).toEqual([]);
    await user.type(within(form).getByLabelText('Copies of My Novel'), '3');
    await user.click(within(form).getByRole('button', { name: s.reorderButton }));
    expect(await within(form).findByText(messages.orders.notReorderable)).toBeInTheDocument();
    expect(bodies).toEqual([{ items: [{ project_id: 11, quantity: 3 }] }]);
    expect(readCart(testCustomer.id)).toEqual([]);
  });
});
