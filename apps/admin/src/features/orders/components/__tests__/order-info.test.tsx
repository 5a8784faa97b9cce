import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminOrderRoutes,
  type AdminOrderDetail,
  type ChangeStatusBody,
} from '@bindery/contracts/admin/orders';
import type { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { ORDER_STATUSES, availableTransitions } from '@bindery/contracts/order-lifecycle';
import { urlOf } from '@bindery/contracts/route';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { adminSessionRoutes, type StoreTokenRefreshResponse } from '@bindery/contracts/store/users';
import { sessionStore } from '#lib/api-client.ts';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest, testAdmin } from '#testing/session.ts';
import { detail, detailHandler, statusHandler } from '#testing/order-fixtures.ts';
import { defined } from '@bindery/ui/testing';

const PDF_BYTES = '%PDF-1.7 winter poems';
const s = messages.orderScreens;
const actions = messages.orders.actions;

const factsOf = (container: HTMLElement) =>
  within(container)
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
const section = (name: string | RegExp) => screen.getByRole('region', { name });
/** The status moves among the actions (Refund and Reconcile are money actions: order-money.test.tsx). */
const actionButtons = () =>
  within(section('Actions'))
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .filter((t) => t !== s.refund && t !== s.reconcile);

function serve(...orders: AdminOrderDetail[]) {
  const map = new Map(orders.map((o) => [o.id, o]));
  const gets: string[] = [];
  const bodies: ChangeStatusBody[] = [];
  server.use(detailHandler(map, gets), statusHandler(map, bodies));
  return { map, gets, bodies };
}

interface FileRequest {
  path: string;
  auth: string | null;
}

function fileHandler(requests: FileRequest[], answer?: (auth: string | null) => Response | undefined) {
  return http.get(urlOf(projectRoutes.file), ({ request }) => {
    const auth = request.headers.get('authorization');
    const url = new URL(request.url);
    requests.push({ path: url.pathname + url.search, auth });
    return (
      answer?.(auth) ??
      new HttpResponse(PDF_BYTES, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename*=UTF-8''Winter%20Poems.pdf`,
        },
      })
    );
  });
}

describe('Order Details', () => {
  beforeEach(() => void signInForTest());
  afterEach(() => vi.restoreAllMocks());

  it("says 'Order Not Found' with 'Back to Orders' without an id (no request), for an unknown id, and says a failed load", async () => {
    const { gets } = serve();
    const first = renderAdminRoute('/admin/order-info');
    expect(await screen.findByRole('heading', { name: messages.admin.orderNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: messages.admin.backToOrders })).toHaveAttribute(
      'href',
      '/admin/orders',
    );
    expect(gets).toEqual([]);
    first.unmount();

    const second = renderAdminRoute('/admin/order-info?id=99');
    expect(await screen.findByRole('heading', { name: messages.admin.orderNotFound })).toBeInTheDocument();
    expect(gets).toEqual(['Bearer admin-access 99']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    second.unmount();

    server.use(
      http.get(urlOf(adminOrderRoutes.get), () =>
        HttpResponse.json<ErrorBody>({ error: 'boom', code: 'INTERNAL', statusCode: 500 }, { status: 500 }),
      ),
    );
    renderAdminRoute('/admin/order-info?id=7');
    expect(await screen.findByRole('alert')).toHaveTextContent(s.loadOrderFailed);
  });

  it('shows everything staff need: customer, books with every option (photo-book extras too), files, cover request, shipping, amounts, payment and timeline', async () => {
    serve(detail(7, 'paid'));
    renderAdminRoute('/admin/order-info?id=7');
    expect(await screen.findByText(messages.admin.loadingOrders)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Order BND-000007', level: 1 })).toBeInTheDocument();
    expect(factsOf(section('Basic Information'))).toEqual([
      ['Order', 'BND-000007'],
      ['Status', 'Paid'],
      ['Customer', 'Ann Lee'],
      ['Customer Email', 'ann@example.test'],
      ['Placed', expect.stringMatching(/^Saturday, November 21, 2026 at \d{1,2}:30\s[AP]M$/)],
      ['Paid', expect.stringMatching(/^Saturday, November 21, 2026 at \d{1,2}:35\s[AP]M$/)],
    ]);
    const books = section('Books (2)');
    const winter = within(books).getByRole('region', { name: 'Winter Poems' });
    expect(factsOf(winter)).toEqual([
      ['Category', 'Photo Book'],
      ['Language', 'english'],
      ['Page Count', '40 pages'],
      ['Quantity', '2 copies'],
      ['Trim Size', '8.5" x 11"'],
      ['Binding Type', 'Hardcover Case Wrap'],
      ['Interior Color', 'Premium Color'],
      ['Paper Type', '80# White-Coated'],
      ['Cover Finish', 'Matte'],
      ['Spine', 'Round'],
      ['Foil Stamping', 'Gold'],
      ['Price per book', '$20.04'],
      ['Line total', '$40.08'],
    ]);
    // The prices this order was charged from: Price history at the moment it was placed (ADR 0063).
    const pricesThen = within(winter).getByRole('link', { name: 'Photo Book prices when this order was placed' });
    const pricesUrl = new URL(pricesThen.getAttribute('href') ?? '', 'http://admin.test');
    expect(pricesUrl.pathname).toBe('/admin/price-history');
    expect(pricesUrl.searchParams.get('category')).toBe('photobook');
    expect(pricesUrl.searchParams.get('at')).toMatch(/^2026-11-21T\d\d:30/);
    expect(within(winter).getByRole('button', { name: 'View book PDF of Winter Poems' })).toBeInTheDocument();
    expect(
      within(winter).getByRole('button', { name: 'Download cover file of Winter Poems' }),
    ).toBeInTheDocument();
    const yearbook = within(books).getByRole('region', { name: 'Class of 2026' });
    expect(factsOf(yearbook)).toContainEqual(['Bulk discount', '−$0.60']);
    expect(within(yearbook).getByText(messages.admin.noCoverFile)).toBeInTheDocument();
    expect(within(yearbook).queryByRole('button', { name: /cover file/ })).not.toBeInTheDocument();
    const request = within(yearbook).getByRole('group', { name: 'Cover expert request' });
    expect(request).toHaveTextContent('Bob Stone <bob@school.test>');
    expect(request).toHaveTextContent('Blue sky over the campus, gold title');

    expect(factsOf(section('Shipping'))).toEqual([
      ['Ship to', 'Ann Lee1 Main St, Apt 2Austin, TX 73301, US+1 512 555 0100'],
      ['Buyer', 'Individual'],
      ['Service', 'FedEx · FedEx Ground (3-5 days)'],
      ['Weight', '2.35 kg'],
      ['Customer paid for shipping', '$18.40'],
      ['Carrier charges', '$9.20'],
      ['Carrier', '—'],
      ['Tracking number', '—'],
      ['Tracking link', '—'],
    ]);
    const amounts = section('Amounts');
    expect(factsOf(amounts)).toEqual([
      ['Subtotal', '$51.48'],
      ['Shipping', '$18.40'],
      ['Tax (8.25%)', '$5.77'],
      ['Total', '$75.65'],
    ]);
    expect(within(amounts).getByText('Tax reason: Texas individual sales tax')).toBeInTheDocument();
    const payment = section('Payment');
    expect(factsOf(payment).slice(0, 5)).toEqual([
      ['Method', 'Card (Stripe)'],
      ['Provider reference', 'cs_test_123'],
      ['Charge reference', 'pi_test_123'],
      ['Refunded', '$0.00'],
      ['Left to refund', '$75.65'],
    ]);
    expect(within(payment).getByRole('table', { name: 'Payment attempts' })).toHaveTextContent('Paid');
    const timeline = within(section('Timeline')).getAllByRole('listitem');
    expect(timeline.map((li) => li.querySelector('strong')?.textContent)).toEqual([
      'Placed: Awaiting payment',
      'Awaiting payment → Paid',
    ]);
    expect(timeline[1]).toHaveTextContent('Bindery (automatic)');
  });

  it('shows the first-print discount as its own amount between subtotal and shipping (docs/decisions/0033)', async () => {
    // 51.48 − 5.15 + 18.40 = 64.73, taxed 8.25 % = 5.34: the server's figures, shown as they come.
    const first = detail(8, 'paid', { discount: '5.15', tax: '5.34', total: '70.07' });
    serve(first);
    renderAdminRoute('/admin/order-info?id=8');
    const amounts = await screen.findByRole('region', { name: 'Amounts' });
    expect(factsOf(amounts)).toEqual([
      ['Subtotal', '$51.48'],
      ['First-print discount', '−$5.15'],
      ['Shipping', '$18.40'],
      ['Tax (8.25%)', '$5.34'],
      ['Total', '$70.07'],
    ]);
  });

  it('offers, for every status, exactly the staff moves of the lifecycle table', async () => {
    for (const [i, status] of ORDER_STATUSES.entries()) {
      serve(detail(i + 1, status));
      const view = renderAdminRoute(`/admin/order-info?id=${i + 1}`);
      await screen.findByRole('heading', { name: `Order BND-00000${i + 1}`, level: 1 });
      const expected = availableTransitions(status, 'staff').map((r) => r.action);
      // A canceled order (nothing paid in this fixture) has no action at all; a delivered one can still be refunded.
      if (status === 'canceled')
        expect(within(section('Actions')).getByText(s.noActions)).toBeInTheDocument();
      expect(actionButtons()).toEqual(expected);
      view.unmount();
    }
    // The table as the console reads it (a change to the table shows here).
    expect(availableTransitions('paid', 'staff').map((r) => r.action)).toEqual([
      actions.startProduction,
      actions.hold,
      actions.cancel,
    ]);
  });

  it('Start production asks first (Back sends nothing), then moves the order and shows the next moves and the event', async () => {
    const { bodies } = serve(detail(7, 'paid'));
    renderAdminRoute('/admin/order-info?id=7');
    await screen.findByRole('heading', { name: 'Order BND-000007', level: 1 });
    const user = userEvent.setup();
    const start = screen.getByRole('button', { name: actions.startProduction });
    await user.click(start);
    const dialog = screen.getByRole('dialog', { name: actions.startProduction });
    expect(dialog).toHaveAccessibleDescription(s.confirm.in_production('BND-000007'));
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(start).toHaveFocus();
    expect(bodies).toEqual([]);

    await user.click(start);
    await user.type(screen.getByLabelText(s.noteLabel), 'Printer 2');
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: actions.startProduction }),
    );
    const done = await screen.findByText(s.moved('BND-000007', 'In production'));
    expect(done.closest('[tabindex="-1"]')).toHaveFocus();
    expect(bodies).toEqual([{ status: 'in_production', note: 'Printer 2', internal: true }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(actionButtons()).toEqual([actions.markShipped, actions.hold, actions.cancel]);
    expect(factsOf(section('Basic Information'))).toContainEqual(['Status', 'In production']);
    const last = defined(within(section('Timeline')).getAllByRole('listitem').at(-1));
    expect(last).toHaveTextContent('Paid → In production');
    expect(last).toHaveTextContent('Administrator');
    expect(last).toHaveTextContent('Printer 2 (staff only)');
  });

  it('Mark shipped asks for the carrier (from the service) and the tracking number before sending, then sends them with the link', async () => {
    const { bodies } = serve(detail(8, 'in_production'));
    renderAdminRoute('/admin/order-info?id=8');
    await screen.findByRole('heading', { name: 'Order BND-000008', level: 1 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: actions.markShipped }));
    const dialog = screen.getByRole('dialog', { name: actions.markShipped });
    const carrier = within(dialog).getByLabelText(s.carrierLabel);
    expect(carrier).toHaveValue('FedEx');
    expect(carrier).toHaveFocus();
    await user.clear(carrier);
    await user.click(within(dialog).getByRole('button', { name: actions.markShipped }));
    expect(carrier).toHaveAccessibleDescription(messages.orders.carrierRequired);
    expect(within(dialog).getByLabelText(s.trackingNumberLabel)).toHaveAccessibleDescription(
      messages.orders.trackingNumberRequired,
    );
    expect(bodies).toEqual([]);

    await user.type(carrier, 'DHL');
    await user.type(within(dialog).getByLabelText(s.trackingNumberLabel), ' 1234567890 ');
    await user.type(within(dialog).getByLabelText(s.trackingUrlLabel), 'https://track.example/1234567890');
    await user.type(within(dialog).getByLabelText(s.noteLabel), 'Two boxes');
    await user.click(within(dialog).getByLabelText(s.noteShared));
    await user.click(within(dialog).getByRole('button', { name: actions.markShipped }));
    expect(await screen.findByText(s.moved('BND-000008', 'Shipped'))).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        status: 'shipped',
        carrier: 'DHL',
        tracking_number: '1234567890',
        tracking_url: 'https://track.example/1234567890',
        note: 'Two boxes',
        internal: false,
      },
    ]);
    const shipping = factsOf(section('Shipping'));
    expect(shipping).toContainEqual(['Carrier', 'DHL']);
    expect(shipping).toContainEqual(['Tracking number', '1234567890']);
    expect(
      within(section('Shipping')).getByRole('link', { name: 'https://track.example/1234567890' }),
    ).toHaveAttribute('target', '_blank');
    expect(actionButtons()).toEqual([actions.markDelivered]);
    expect(within(section('Timeline')).getAllByRole('listitem').at(-1)).toHaveTextContent(
      'Two boxes (shown to the customer)',
    );
  });

  it("shows the server's field message under its field (a 400) and keeps the dialog open", async () => {
    serve(detail(8, 'in_production'));
    server.use(
      http.post(urlOf(adminOrderRoutes.changeStatus), () =>
        HttpResponse.json<ErrorBody>(
          {
            error: messages.orders.trackingUrlInvalid,
            code: 'VALIDATION',
            statusCode: 400,
            fields: [{ path: 'body.tracking_url', message: messages.orders.trackingUrlInvalid }],
          },
          { status: 400 },
        ),
      ),
    );
    renderAdminRoute('/admin/order-info?id=8');
    await screen.findByRole('heading', { name: 'Order BND-000008', level: 1 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: actions.markShipped }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(s.trackingNumberLabel), '42');
    await user.type(within(dialog).getByLabelText(s.trackingUrlLabel), 'ftp://x');
    await user.click(within(dialog).getByRole('button', { name: actions.markShipped }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(s.trackingUrlLabel)).toHaveAccessibleDescription(
        `${s.trackingUrlHint} ${messages.orders.trackingUrlInvalid}`,
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("when another staff member moved the order first, shows the server's 409 and the order as it is now", async () => {
    const { map, gets } = serve(detail(7, 'paid'));
    renderAdminRoute('/admin/order-info?id=7');
    await screen.findByRole('heading', { name: 'Order BND-000007', level: 1 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: actions.startProduction }));
    // Meanwhile, someone else started production.
    map.set(7, detail(7, 'in_production'));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: actions.startProduction }),
    );
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Order BND-000007 is in production; it cannot become in production.',
    );
    await waitFor(() =>
      expect(factsOf(section('Basic Information'))).toContainEqual(['Status', 'In production']),
    );
    expect(gets).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(actionButtons()).toEqual([actions.markShipped, actions.hold, actions.cancel]);
  });

  it('Cancel says what happens to the money for the status the order is in', async () => {
    serve(detail(7, 'paid'), detail(9, 'awaiting_payment'));
    const user = userEvent.setup();
    const paid = renderAdminRoute('/admin/order-info?id=7');
    await screen.findByRole('heading', { name: 'Order BND-000007', level: 1 });
    await user.click(screen.getByRole('button', { name: actions.cancel }));
    expect(screen.getByRole('dialog', { name: actions.cancel })).toHaveAccessibleDescription(
      s.confirm.canceledPaid('BND-000007', '$75.65'),
    );
    paid.unmount();
    renderAdminRoute('/admin/order-info?id=9');
    await screen.findByRole('heading', { name: 'Order BND-000009', level: 1 });
    await user.click(screen.getByRole('button', { name: actions.cancel }));
    expect(screen.getByRole('dialog', { name: actions.cancel })).toHaveAccessibleDescription(
      s.confirm.canceledUnpaid('BND-000009'),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: actions.cancel }));
    expect(await screen.findByText(s.moved('BND-000009', 'Canceled'))).toBeInTheDocument();
    expect(within(section('Actions')).getByText(s.noActions)).toBeInTheDocument();
  });
});

describe('Order Details: files', () => {
  const created: Blob[] = [];
  beforeEach(() => {
    signInForTest();
    created.length = 0;
    // jsdom has no object URLs: record what the page hands the browser.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return `blob:admin/${created.length}`;
    });
    URL.revokeObjectURL = vi.fn();
    serve(detail(7, 'paid'));
  });
  afterEach(() => vi.restoreAllMocks());

  it("View fetches the file with the admin's token and opens its object URL in the tab opened by the click", async () => {
    const requests: FileRequest[] = [];
    server.use(fileHandler(requests));
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderAdminRoute('/admin/order-info?id=7');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'View book PDF of Winter Poems' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:admin/1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    // The literal path is the assertion: the file of item 11's PDF, as the spec names it.
    expect(requests).toEqual([{ path: '/api/book/11/files/pdf/', auth: 'Bearer admin-access' }]);
    expect(await defined(created[0]).text()).toBe(PDF_BYTES);
  });

  it("Download asks for the attachment and saves it under the server's name (or title and kind), renewing an expired token once", async () => {
    const requests: FileRequest[] = [];
    const refreshed: string[] = [];
    const answer = { cover: false };
    server.use(
      fileHandler(requests, (auth) =>
        auth === 'Bearer admin-access'
          ? HttpResponse.json<ErrorBody>(
              { error: 'Token expired', code: 'UNAUTHORIZED', statusCode: 401 },
              { status: 401 },
            )
          : answer.cover
            ? new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), {
                headers: { 'content-type': 'image/jpeg' },
              })
            : undefined,
      ),
      http.post(urlOf(adminSessionRoutes.refresh), async ({ request: r }) => {
        refreshed.push(await r.text());
        return HttpResponse.json<StoreTokenRefreshResponse>({
          access: 'fresh-access',
          access_expires_in: 900,
          user: testAdmin,
        });
      }),
    );
    const downloads: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: defined(this.getAttribute('href')), download: this.download });
    });
    renderAdminRoute('/admin/order-info?id=7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download book PDF of Winter Poems' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toEqual({ href: 'blob:admin/1', download: 'Winter Poems.pdf' });
    expect(requests.map((r) => `${r.auth} ${r.path}`)).toEqual([
      'Bearer admin-access /api/book/11/files/pdf/?download=true',
      'Bearer fresh-access /api/book/11/files/pdf/?download=true',
    ]);
    expect(refreshed).toEqual(['']); // the cookie carries the refresh token, not the body
    expect(sessionStore.get()?.access).toBe('fresh-access');

    answer.cover = true;
    await user.click(screen.getByRole('button', { name: 'Download cover file of Winter Poems' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(downloads[1]).toEqual({ href: 'blob:admin/2', download: 'Winter Poems - cover.jpg' });
  });

  it("shows the server's refusal and closes the tab it opened when the file cannot be fetched", async () => {
    server.use(
      fileHandler([], () =>
        HttpResponse.json<ErrorBody>(
          { error: 'File not found.', code: 'NOT_FOUND', statusCode: 404 },
          { status: 404 },
        ),
      ),
    );
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderAdminRoute('/admin/order-info?id=7');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'View cover file of Winter Poems' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File not found.');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});
