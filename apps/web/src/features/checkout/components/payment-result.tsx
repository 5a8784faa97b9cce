/**
 * The payment result pages (docs/spec/customer-journey.md §2 Payment results; docs/decisions/0016).
 * - Back from PayPal (/payment/success?order=&token=): the server captures the payment
 *   (POST api/paypal/capture-payment/) and answers the order; 'Payment Successful!' only when it is paid.
 * - Back from Stripe (/success?order=&session_id=): the order becomes paid on Stripe's signed webhook, which may
 *   arrive a moment after the buyer; the page polls GET api/orders/{id}/ until the server says paid, and after
 *   `pollTimeoutMs` says the payment is still being confirmed and the e-mail will follow. The browser never
 *   marks anything paid.
 * - Cancelled (/cancel, /payment/cancel): nothing was charged; 'Try Again' returns to the order's payment page.
 * - /success naming no order: no payment is claimed (NoPaymentToConfirm); 'Payment Successful!' is only ever shown
 *   for an order the server says is paid.
 * Once an order is seen paid, its projects leave the cart.
 */
import { orderNumberOf } from '@bindery/contracts/store/orders';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Button } from '@bindery/ui/button';
import { ApiError } from '@bindery/api-client';
import { messages } from '@bindery/contracts/messages';
import { errorText } from '#lib/error-text.ts';
import { useCapturePaypalPayment } from '../api/capture-paypal-payment';
import { getOrderQueryOptions, isPaid } from '../api/get-order';
import { useForgetPaidProjects } from '../hooks/use-forget-paid-projects';
import { MessageCard } from './message-card';
import { Confirming, NotConfirmed, PaymentSucceeded } from './payment-messages';

/** Back from PayPal: capture on the server, then trust only the order it answers. */
export function PaypalReturn({
  userId,
  token,
  orderId,
  difference = false,
}: {
  userId: number;
  token: string;
  orderId: number | null;
  /** A hold's price difference (docs/decisions/0077): once captured, back to the order page, which shows it paid. */
  difference?: boolean;
}) {
  const capture = useCapturePaypalPayment(token);
  const order = capture.data?.order;
  useForgetPaidProjects(userId, order);
  if (capture.isPending || capture.isFetching) return <Confirming />;
  if (difference && order?.status === 'on_hold')
    return <Navigate replace to={`/orders/${order.id}?difference=paid`} />;
  if (order && isPaid(order)) return <PaymentSucceeded order={order} />;
  const text = errorText(capture.error, messages.payments.captureFailed);
  return <NotConfirmed text={text} orderId={order?.id ?? orderId} onRetry={() => void capture.refetch()} />;
}

export interface CardReturnProps {
  userId: number;
  orderId: number;
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
}

/** Back from Stripe: wait for the webhook's verdict by reading the order until it is paid, for a while. */
export function CardReturn({
  userId,
  orderId,
  pollIntervalMs = 1500,
  pollTimeoutMs = 30_000,
}: CardReturnProps) {
  const [round, setRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const query = useQuery({
    ...getOrderQueryOptions(orderId),
    // Always read afresh: a cached copy from the payment page says awaiting_payment.
    staleTime: 0,
    refetchInterval: (q) => {
      const current = q.state.data?.order;
      const settled = current && (isPaid(current) || current.status === 'canceled');
      return settled || timedOut || q.state.status === 'error' ? false : pollIntervalMs;
    },
  });
  const order = query.data?.order;
  useForgetPaidProjects(userId, order);

  const paid = order ? isPaid(order) : false;
  useEffect(() => {
    if (paid) return;
    const timer = setTimeout(() => setTimedOut(true), pollTimeoutMs);
    return () => clearTimeout(timer);
  }, [paid, pollTimeoutMs, round]);

  const again = () => {
    setTimedOut(false);
    setRound((r) => r + 1);
    void query.refetch();
  };

  if (order && paid) return <PaymentSucceeded order={order} />;
  if (order?.status === 'canceled')
    return <NotConfirmed text={messages.checkout.orderNotPayable} orderId={null} onRetry={again} />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <NotConfirmed
        text={missing ? messages.checkout.orderNotFound : query.error.message}
        orderId={null}
        onRetry={again}
      />
    );
  }
  if (!timedOut) return <Confirming />;
  return (
    <MessageCard title="Payment being confirmed">
      <p role="status">
        Your payment for order {orderNumberOf(orderId)} is being confirmed by the payment provider. This can
        take a few minutes; we will e-mail you as soon as it is confirmed, and you do not need to pay again.
      </p>
      <p className="b-row" style={{ justifyContent: 'center' }}>
        <Button variant="secondary" onClick={again}>
          Check again
        </Button>
        <Link to="/userdashboard">Go to your projects</Link>
      </p>
    </MessageCard>
  );
}
