import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import type { OrderResponse } from '@bindery/contracts/store/checkout';
import { urlOf } from '@bindery/contracts/route';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { paymentRoutes, type PaypalCapturePaymentBody } from '@bindery/contracts/store/payments';
import { TestProviders } from '#testing/providers.tsx';
import { readCart } from '#lib/cart.ts';
import { server } from '#testing/msw-server.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest, testCustomer } from '#testing/session.ts';
import { errorBody, orderResponse, paidOrder, putInCart, recordPosts } from '#testing/checkout-fixtures.ts';
import { CardReturn } from '../payment-result';
import { defined } from '@bindery/ui/testing';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** GET api/orders/42/ answering each call with the next of `answers` (the last one repeats). */
function orderApi(...answers: OrderResponse[]) {
  const seen = { calls: 0 };
  server.use(
    http.get<{ id: string }, never, OrderResponse>(urlOf(orderRoutes.get), () => {
      const answer = defined(answers[Math.min(seen.calls, answers.length - 1)]);
      seen.calls += 1;
      return HttpResponse.json(answer);
    }),
  );
  return seen;
}

function signedInWithCart() {
  signInForTest();
  putInCart(testCustomer.id, [
    { id: 11, title: 'My Novel', category: 'Print Book' },
    { id: 12, title: 'Family Album', category: 'Photo Book' },
    { id: 99, title: 'Not in this order', category: 'Print Book' },
  ]);
}

describe('back from Stripe (/success?order=&session_id=)', () => {
  it("polls the order while the webhook confirms it, then says 'Payment Successful!' and empties those projects from the cart", async () => {
    signedInWithCart();
    const seen = orderApi(orderResponse(), paidOrder());
    renderRoute('/success?order=42&session_id=cs_test_1');
    expect(await heading('Confirming your payment…')).toBeInTheDocument();
    expect(readCart(testCustomer.id)).toHaveLength(3);
    expect(await heading('Payment Successful!')).toBeInTheDocument();
    expect(screen.getByText('Order BND-000042, $162.16 paid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your order' })).toHaveAttribute('href', '/orders/42');
    await waitFor(() => expect(document.title).toBe('Payment Successful! | Bindery'));
    expect(seen.calls).toBe(2);
    await waitFor(() => expect(readCart(testCustomer.id).map((i) => i.id)).toEqual([99]));
  });

  it('promises print and shipping for books, downloads for an order of e-books alone (ADR 0059)', async () => {
    signedInWithCart();
    orderApi(paidOrder());
    const printed = renderRoute('/success?order=42&session_id=cs_test_1');
    expect(await heading('Payment Successful!')).toBeInTheDocument();
    expect(screen.getByText(/go to print and ship/)).toBeInTheDocument();
    printed.unmount();

    const download = {
      service_code: messages.checkout.digitalDelivery.code,
      service_name: messages.checkout.digitalDelivery.name,
      courier_name: messages.checkout.digitalDelivery.courier,
      total_charge: '0.00',
      delivery_time: messages.checkout.digitalDelivery.deliveryTime,
    };
    orderApi(paidOrder({ status: 'delivered', shipping_service: download }));
    renderRoute('/success?order=42&session_id=cs_test_1');
    expect(await heading('Payment Successful!')).toBeInTheDocument();
    expect(screen.getByText(/download them from your order page/)).toBeInTheDocument();
    expect(screen.queryByText(/go to print/)).not.toBeInTheDocument();
  });

  it('after the time limit says the payment is being confirmed and the e-mail will follow; Check again resumes', async () => {
    // The page's clock is the test's: it moves with real time (so the page polls and times out as it would), and the
    // test can move it further at once to see that no poll comes after the time limit, without sleeping.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    onTestFinished(() => void vi.useRealTimers());
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    signedInWithCart();
    const seen = orderApi(orderResponse());
    render(
      <TestProviders>
        <MemoryRouter>
          <CardReturn userId={testCustomer.id} orderId={42} pollIntervalMs={40} pollTimeoutMs={400} />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(await heading('Payment being confirmed')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('we will e-mail you as soon as it is confirmed');
    // The order number people read everywhere, never the bare id (ADR 0058).
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your payment for order BND-000042 is being confirmed',
    );
    expect(seen.calls).toBeGreaterThan(2);
    const stopped = seen.calls;
    // Fifty poll intervals later (on the page's clock): not one more request.
    await act(() => vi.advanceTimersByTimeAsync(50 * 40));
    expect(seen.calls).toBe(stopped);
    expect(readCart(testCustomer.id)).toHaveLength(3);

    orderApi(paidOrder());
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await heading('Payment Successful!')).toBeInTheDocument();
  });

  it('a canceled or unknown order is not a success', async () => {
    signedInWithCart();
    orderApi(orderResponse({ status: 'canceled' }));
    renderRoute('/success?order=42&session_id=cs_test_1');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.checkout.orderNotPayable);
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
  });

  it('sends a guest to /login', async () => {
    const { router } = renderRoute('/success?order=42&session_id=cs_test_1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('back from PayPal (/payment/success?order=&token=)', () => {
  const captureApi = (...answers: (() => Response)[]) =>
    recordPosts<PaypalCapturePaymentBody>(paymentRoutes.paypalCapturePayment, (_body, call) =>
      defined(answers[Math.min(call, answers.length - 1)])(),
    );

  it("captures on the server and says 'Payment Successful!' for the paid order it answers", async () => {
    signedInWithCart();
    const seen = captureApi(() => HttpResponse.json(paidOrder({ payment_method: 'paypal' })));
    renderRoute('/payment/success?order=42&token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ');
    expect(await heading('Payment Successful!')).toBeInTheDocument();
    expect(seen.bodies).toEqual([{ payment_id: '5O190127TN364715T' }]);
    await waitFor(() => expect(readCart(testCustomer.id).map((i) => i.id)).toEqual([99]));
  });

  it('a failed capture is an error with a retry, which captures again', async () => {
    const user = userEvent.setup();
    signedInWithCart();
    const seen = captureApi(
      () => new HttpResponse('Bad gateway', { status: 502 }),
      () => HttpResponse.json(paidOrder()),
    );
    renderRoute('/payment/success?order=42&token=5O190127TN364715T');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.payments.captureFailed);
    expect(screen.getByRole('link', { name: 'Back to payment' })).toHaveAttribute(
      'href',
      '/payment?order=42',
    );
    expect(readCart(testCustomer.id)).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading('Payment Successful!')).toBeInTheDocument();
    expect(seen.bodies).toHaveLength(2);
  });

  it("an order the capture did not make paid is not a success; the server's refusal is shown", async () => {
    const user = userEvent.setup();
    signedInWithCart();
    captureApi(
      () => HttpResponse.json(orderResponse()),
      () => HttpResponse.json(errorBody(409, messages.checkout.orderNotPayable, 'CONFLICT'), { status: 409 }),
    );
    renderRoute('/payment/success?order=42&token=5O190127TN364715T');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.payments.captureFailed);
    expect(screen.queryByRole('heading', { name: 'Payment Successful!' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(messages.checkout.orderNotPayable),
    );
  });
});

describe('cancelled (/cancel, /payment/cancel)', () => {
  it.each(['/cancel?order=42', '/payment/cancel?order=42&token=5O190127TN364715T'])(
    '%s offers to pay the same order again',
    async (path) => {
      renderRoute(path);
      expect(await heading('Payment Cancelled')).toBeInTheDocument();
      expect(screen.getByText(/Your order BND-000042 is kept/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/payment?order=42');
    },
  );
});
