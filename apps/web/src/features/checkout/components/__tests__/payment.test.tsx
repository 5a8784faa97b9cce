import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { deferred } from '@bindery/vite-config/dom-test-setup';
import { urlOf } from '@bindery/contracts/route';
import { orderRoutes } from '@bindery/contracts/store/orders';
import {
  paymentRoutes,
  type CreateCheckoutSessionBody,
  type CreateCheckoutSessionResponse,
  type PaypalCreatePaymentBody,
  type PaypalCreatePaymentResponse,
} from '@bindery/contracts/store/payments';
import { readCart } from '#lib/cart.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest, testCustomer } from '#testing/session.ts';
import {
  errorBody,
  orderResponse,
  paidOrder,
  paymentPageHandlers,
  publicConfigHandler,
  putInCart,
  recordPosts,
} from '#testing/checkout-fixtures.ts';
import { LeaveSiteProvider } from '#lib/leave-site.tsx';
import { bodyCells, defined } from '@bindery/ui/testing';

const m = messages.payments;

function paymentApi({
  order = orderResponse(),
  methods = { card: true, paypal: true },
}: {
  order?: ReturnType<typeof orderResponse>;
  methods?: { card: boolean; paypal: boolean; test_mode?: boolean };
} = {}) {
  const seen = { orderIds: [] as string[] };
  server.use(...paymentPageHandlers({ order, methods, seen }));
  return seen;
}

/** The payment page with a recording stand-in for leaving the site (jsdom cannot navigate). */
function openPayment(path = '/payment?order=42') {
  signInForTest();
  const leave = vi.fn<(url: string) => void>();
  const view = renderRoute(path, (router) => <LeaveSiteProvider value={leave}>{router}</LeaveSiteProvider>);
  return { ...view, leave };
}

const payButton = () => screen.findByRole('button', { name: /^Pay / });

describe('/payment', () => {
  it('shows a bulk line so that its figures agree to the cent: 499 × list price, less the discount, is the line', async () => {
    const item = {
      project_id: 11,
      title: 'Big Run',
      category: 'Print Book',
      quantity: 499,
      cost_per_book: '20.04',
      discount_amount: '526.20',
      line_total: '9997.71',
      downloads: null,
      specs: null,
    };
    paymentApi({ order: orderResponse({ items: [item], subtotal: '9997.71', total: '10035.07' }) });
    openPayment();
    const table = await screen.findByRole('table', { name: 'Books in this order' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(defined(row))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Big Run (Print Book)', '499', '$21.09', '$10,523.91', '−$526.20', '$9,997.71']);
    // The per-book price after the discount ($20.04) is not a factor of any figure shown: 499 × $20.04 = $9,999.96.
    expect(table).not.toHaveTextContent('$20.04');
  });

  it('shows the first-print discount as its own line between subtotal and shipping (docs/decisions/0033)', async () => {
    paymentApi({ order: orderResponse({ discount: '12.48', tax: '11.33', total: '148.65' }) });
    openPayment();
    const amounts = await screen.findByTestId('order-discount');
    expect(amounts).toHaveTextContent('−$12.48');
    const terms = [...document.querySelectorAll('.b-quote dt')].map((dt) => dt.textContent);
    expect(terms.slice(0, 3)).toEqual([
      'Subtotal',
      'First-print discount',
      'Shipping (FedEx Ground, 3-5 days)',
    ]);
    expect(screen.getByTestId('order-total')).toHaveTextContent('$148.65');
  });

  it("shows the server's order: lines, subtotal, shipping, tax and total, and where it ships", async () => {
    const seen = paymentApi();
    openPayment();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Order BND-000042' });
    // The number is never broken across lines ("BND-" / "000042" at 1280 px before).
    expect(within(heading).getByText('BND-000042')).toHaveClass('b-nowrap');
    expect(bodyCells(screen.getByRole('table', { name: 'Books in this order' }))).toEqual([
      ['My Novel (Print Book)', '10', '$8.48', '$84.80', '—', '$84.80'],
      ['Family Album (Photo Book)', '2', '$20.00', '$40.00', '—', '$40.00'],
    ]);
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('$124.80');
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('$25.00');
    expect(screen.getByText('Shipping (FedEx Ground, 3-5 days)')).toBeInTheDocument();
    expect(screen.getByTestId('order-tax')).toHaveTextContent('$12.36');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$162.16');
    expect(screen.queryByTestId('order-discount')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Delivery address')).toHaveTextContent('100 Congress Ave');
    expect(seen.orderIds).toEqual(['42']);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/start-project');
  });

  it("pays by card by default: no card boxes (the provider's page takes the card), then Stripe Checkout for the order", async () => {
    const user = userEvent.setup();
    paymentApi();
    const session: CreateCheckoutSessionResponse = {
      id: 'cs_test_1',
      url: 'https://checkout.stripe.test/c/cs_test_1',
    };
    const seen = recordPosts<CreateCheckoutSessionBody>(paymentRoutes.createCheckoutSession, () =>
      HttpResponse.json(session),
    );
    const { leave } = openPayment();
    expect(await screen.findByRole('radio', { name: /Credit card/ })).toBeChecked();
    for (const box of ['Card number', 'Expiry date', 'CVC'])
      expect(screen.queryByLabelText(box)).not.toBeInTheDocument();
    expect(screen.getByText(/enter your card on our payment provider's secure page/)).toBeInTheDocument();
    await user.click(await payButton());
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_test_1'));
    expect(seen.bodies).toEqual([{ order_id: 42 }]);
    expect(screen.getByRole('button', { name: /Pay \$162\.16 by card/ })).toBeDisabled();
  });

  it("shows the server's session error inline, and 'Failed to start checkout.' when there is none", async () => {
    const user = userEvent.setup();
    paymentApi();
    server.use(
      http.post<never, CreateCheckoutSessionBody, ErrorBody>(urlOf(paymentRoutes.createCheckoutSession), () =>
        HttpResponse.json(errorBody(409, messages.checkout.orderNotPayable, 'CONFLICT'), { status: 409 }),
      ),
    );
    const { leave } = openPayment();
    await user.click(await payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.checkout.orderNotPayable);

    server.use(http.post(urlOf(paymentRoutes.createCheckoutSession), () => HttpResponse.error()));
    await user.click(await payButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(m.checkoutFailed));
    expect(leave).not.toHaveBeenCalled();
  });

  it('pays with PayPal: a processing state, then the approval page', async () => {
    const user = userEvent.setup();
    paymentApi();
    const created: PaypalCreatePaymentResponse = {
      payment_id: '5O190127TN364715T',
      approval_url: 'https://www.sandbox.paypal.test/checkoutnow?token=5O190127TN364715T',
    };
    const answer = deferred();
    const seen = recordPosts<PaypalCreatePaymentBody>(paymentRoutes.paypalCreatePayment, async () => {
      await answer.promise;
      return HttpResponse.json(created);
    });
    const { leave } = openPayment();
    await user.click(await screen.findByRole('radio', { name: /PayPal/ }));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $162.16 with PayPal' }));
    expect(await screen.findByRole('button', { name: /Processing\.\.\./ })).toBeDisabled();
    expect(leave).not.toHaveBeenCalled();
    answer.resolve();
    await waitFor(() => expect(leave).toHaveBeenCalledWith(created.approval_url));
    expect(seen.bodies).toEqual([{ order_id: 42 }]);
  });

  it.each([
    {
      name: "the server's error",
      answer: () =>
        HttpResponse.json(errorBody(503, m.paypalNotConfigured, 'SERVICE_UNAVAILABLE'), { status: 503 }),
      text: m.paypalNotConfigured,
    },
    {
      name: 'no approval URL',
      answer: () => HttpResponse.json({ payment_id: 'PAY-1' }),
      text: m.noApprovalUrl,
    },
    {
      name: 'a failure without a body',
      answer: () => new HttpResponse('Bad gateway', { status: 502 }),
      text: m.paypalFailed,
    },
  ])('a PayPal start that fails shows $name', async ({ answer, text }) => {
    const user = userEvent.setup();
    paymentApi();
    server.use(http.post(urlOf(paymentRoutes.paypalCreatePayment), answer));
    const { leave } = openPayment();
    await user.click(await screen.findByRole('radio', { name: /PayPal/ }));
    await user.click(screen.getByRole('button', { name: /with PayPal/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: /with PayPal/ })).toBeEnabled();
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows methods without server keys disabled and picks one that works', async () => {
    paymentApi({ methods: { card: false, paypal: true } });
    openPayment();
    const paypal = await screen.findByRole('radio', { name: /PayPal/ });
    await waitFor(() => expect(screen.getByRole('radio', { name: /Credit card/ })).toBeDisabled());
    expect(screen.getByRole('radio', { name: /Credit card/ })).toHaveAccessibleName(
      `Credit card ${m.cardNotConfigured}`,
    );
    expect(paypal).toBeChecked();
    expect(screen.getByRole('button', { name: /with PayPal/ })).toBeEnabled();
  });

  it("says that no real money is taken when the server pays through Bindery's own test servers", async () => {
    paymentApi({ methods: { card: true, paypal: true, test_mode: true } });
    openPayment();
    expect(await screen.findByText(m.testModeBanner)).toBeInTheDocument();
    expect(await payButton()).toBeEnabled();
  });

  it('says nothing about test mode with the real providers', async () => {
    paymentApi({ methods: { card: false, paypal: true, test_mode: false } });
    openPayment();
    // The config has arrived and is shown (card disabled): and no banner with it.
    await waitFor(() => expect(screen.getByRole('radio', { name: /Credit card/ })).toBeDisabled());
    expect(screen.queryByText(m.testModeBanner)).not.toBeInTheDocument();
  });

  it('offers no pay button that works when the server has no payment method at all', async () => {
    paymentApi({ methods: { card: false, paypal: false } });
    openPayment();
    await waitFor(() => expect(screen.getByRole('radio', { name: /PayPal/ })).toBeDisabled());
    expect(screen.getByRole('radio', { name: /Credit card/ })).toBeDisabled();
    expect(await payButton()).toBeDisabled();
    expect(screen.getByText(/Online payment is not available right now/)).toBeInTheDocument();
  });

  it("refuses to pay a zero total ('Invalid amount')", async () => {
    paymentApi({ order: orderResponse({ total: '0.00' }) });
    openPayment();
    expect(await screen.findByRole('alert')).toHaveTextContent(m.invalidAmount);
    expect(await payButton()).toBeDisabled();
  });

  it('a paid order shows its state instead of pay buttons, and leaves the cart', async () => {
    signInForTest();
    putInCart(testCustomer.id, [
      { id: 11, title: 'My Novel', category: 'Print Book' },
      { id: 99, title: 'Next Book', category: 'Print Book' },
    ]);
    paymentApi({ order: paidOrder() });
    openPayment();
    expect(await screen.findByText(/This order is/)).toHaveTextContent('This order is Paid.');
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toHaveAttribute(
      'href',
      '/userdashboard',
    );
    await waitFor(() => expect(readCart(testCustomer.id).map((i) => i.id)).toEqual([99]));
  });

  it('a canceled order cannot be paid and points back to the cart', async () => {
    paymentApi({ order: orderResponse({ status: 'canceled' }) });
    openPayment();
    expect(await screen.findByText(/This order is/)).toHaveTextContent(messages.checkout.orderNotPayable);
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('says why a canceled order was canceled: replaced by a newer order of the same books (Back, another service)', async () => {
    const placed = orderResponse().order.timeline;
    paymentApi({
      order: orderResponse({
        status: 'canceled',
        timeline: [
          ...placed,
          {
            from: 'awaiting_payment',
            status: 'canceled',
            at: '2026-11-22T10:05:00.000Z',
            note: messages.orders.canceledSuperseded,
          },
        ],
      }),
    });
    openPayment();
    expect(await screen.findByText(messages.orders.canceledSuperseded)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it("says 'Order not found.' for an order that is not the buyer's, and explains a missing order id", async () => {
    server.use(
      http.get<{ id: string }, never, ErrorBody>(urlOf(orderRoutes.get), () =>
        HttpResponse.json(errorBody(404, messages.checkout.orderNotFound, 'NOT_FOUND'), { status: 404 }),
      ),
      publicConfigHandler({ card: true, paypal: true }),
    );
    openPayment('/payment?order=77');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.checkout.orderNotFound);

    openPayment('/payment');
    expect(await screen.findByText(/There is no order to pay here/)).toBeInTheDocument();
  });

  it('sends a guest to /login', async () => {
    const { router } = renderRoute('/payment?order=42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
