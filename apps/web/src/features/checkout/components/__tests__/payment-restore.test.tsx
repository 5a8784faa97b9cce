/**
 * /payment back from the provider's page (ADR 0052): the browser may show the page again from its back/forward
 * cache exactly as it was left, the pay button busy. On that return (pageshow with `persisted`) the page reads the
 * order again and starts the payment form afresh: the customer can pay again at once, or sees it was paid meanwhile.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  paymentRoutes,
  type CreateCheckoutSessionBody,
  type CreateCheckoutSessionResponse,
  type PaypalCreatePaymentBody,
} from '@bindery/contracts/store/payments';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { orderResponse, paidOrder, paymentPageHandlers, recordPosts } from '#testing/checkout-fixtures.ts';
import { LeaveSiteProvider } from '#lib/leave-site.tsx';

const session: CreateCheckoutSessionResponse = {
  id: 'cs_test_1',
  url: 'https://checkout.stripe.test/c/cs_test_1',
};

function openPayment() {
  signInForTest();
  const leave = vi.fn<(url: string) => void>();
  renderRoute('/payment?order=42', (router) => <LeaveSiteProvider value={leave}>{router}</LeaveSiteProvider>);
  return leave;
}

/** What the browser does when Back shows the page from its back/forward cache. */
const restoreFromHistory = () =>
  act(() => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  });

describe('/payment restored from the back/forward cache', () => {
  it('lets the customer pay again at once, with the order read again', async () => {
    const user = userEvent.setup();
    const seen = { orderIds: [] as string[] };
    server.use(...paymentPageHandlers({ order: orderResponse(), seen }));
    const posts = recordPosts<CreateCheckoutSessionBody>(paymentRoutes.createCheckoutSession, () =>
      HttpResponse.json(session),
    );
    const leave = openPayment();
    await user.click(await screen.findByRole('button', { name: /Pay \$162\.16 by card/ }));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    // Left for the provider's page: the page stays busy until the browser has gone.
    expect(screen.getByRole('button', { name: /Pay \$162\.16 by card/ })).toBeDisabled();
    const reads = seen.orderIds.length;

    restoreFromHistory();
    const pay = await screen.findByRole('button', { name: /Pay \$162\.16 by card/ });
    await waitFor(() => expect(pay).toBeEnabled());
    await waitFor(() => expect(seen.orderIds.length).toBeGreaterThan(reads));
    await user.click(pay);
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(2));
    expect(posts.bodies).toEqual([{ order_id: 42 }, { order_id: 42 }]);
  });

  it('ends a PayPal "Processing..." left in flight, and shows the order paid if it was paid meanwhile', async () => {
    const user = userEvent.setup();
    server.use(...paymentPageHandlers({ order: orderResponse() }));
    recordPosts<PaypalCreatePaymentBody>(paymentRoutes.paypalCreatePayment, () =>
      HttpResponse.json({ payment_id: 'PAY-1', approval_url: 'https://paypal.test/approve?token=PAY-1' }),
    );
    const leave = openPayment();
    await user.click(await screen.findByRole('radio', { name: /PayPal/ }));
    await user.click(screen.getByRole('button', { name: /with PayPal/ }));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    server.use(...paymentPageHandlers({ order: paidOrder() }));
    restoreFromHistory();
    expect(await screen.findByText(/This order is/)).toHaveTextContent('This order is Paid.');
    expect(screen.queryByRole('button', { name: /Processing/ })).not.toBeInTheDocument();
  });
});
