/**
 * /payment?order={id} (docs/spec/customer-journey.md §2 Payment): the server's order summary and, while the order awaits
 * payment, the choice of card or PayPal. An order in any other state shows that state and where to go instead.
 * Cancel goes to /start-project (the spec's target).
 * Back from the provider's page may bring this page back from the browser's back/forward cache exactly as it was
 * left, 'Processing...' and all: then the order is read again and the payment form starts afresh (ADR 0052), so the
 * customer can pay at once, or sees that the order was paid meanwhile.
 */
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Card } from '@bindery/ui/card';
import { usePageRestored } from '@bindery/ui/page-history';
import { Spinner } from '@bindery/ui/spinner';
import { ApiError } from '@bindery/api-client';
import { messages } from '@bindery/contracts/messages';
import type { Order } from '@bindery/contracts/store/checkout';
import type { SessionUser } from '@bindery/contracts/store/users';
import { isPaid, useOrder } from '../api/get-order';
import { useForgetPaidProjects } from '../hooks/use-forget-paid-projects';
import { OrderSummary } from './order-summary';
import { PaymentForm } from './payment-form';
import { afterPaymentText } from './payment-messages';

export function PaymentPage({ user, orderId }: { user: SessionUser; orderId: number | null }) {
  return (
    <div className="b-container b-stack">
      <h1>Payment</h1>
      {orderId === null ? <NoOrder /> : <OrderPayment user={user} orderId={orderId} />}
    </div>
  );
}

function NoOrder() {
  return (
    <Card className="b-stack">
      <p>There is no order to pay here. Orders are created from your cart once the shipping is chosen.</p>
      <p>
        <Link className="b-btn b-btn--primary" to="/orders">
          Go to your cart
        </Link>
      </p>
    </Card>
  );
}

function OrderPayment({ user, orderId }: { user: SessionUser; orderId: number }) {
  const query = useOrder(orderId);
  // Each return from the back/forward cache: the order's real state, and a new form (nothing in flight).
  const restored = usePageRestored(() => void query.refetch());
  const order = query.data?.order;
  useForgetPaidProjects(user.id, order);

  if (query.isPending) return <Spinner label="Loading your order..." />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Card className="b-stack">
        <Alert tone="error">{missing ? messages.checkout.orderNotFound : query.error.message}</Alert>
        <p>
          {missing ? null : (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}{' '}
          <Link to="/orders">Go to your cart</Link>
        </p>
      </Card>
    );
  }
  return (
    <div className="b-calc">
      <div className="b-stack">
        {query.data.order.status === 'awaiting_payment' ? (
          <PaymentForm key={restored} order={query.data.order} />
        ) : (
          <NotPayable order={query.data.order} />
        )}
        <p>
          <Link className="b-btn b-btn--ghost" to="/start-project">
            Cancel
          </Link>
        </p>
      </div>
      <aside className="b-calc__summary">
        <OrderSummary order={query.data.order} />
      </aside>
    </div>
  );
}

/**
 * Paid (or further along), or canceled: nothing to pay; say so, and why a canceled order was canceled (e.g. a
 * newer order of the same books replaced it: ADR 0051), and point on.
 */
function NotPayable({ order }: { order: Order }) {
  const paid = isPaid(order);
  const why =
    order.status === 'canceled'
      ? order.timeline.findLast((entry) => entry.status === 'canceled')?.note
      : undefined;
  return (
    <Card className="b-stack">
      <p role="status">
        This order is <strong>{messages.orderStatus[order.status]}</strong>.{' '}
        {paid ? `It has been paid. ${afterPaymentText(order)}` : messages.checkout.orderNotPayable}
      </p>
      {why ? <p>{why}</p> : null}
      <p>
        {paid ? (
          <Link className="b-btn b-btn--primary" to="/userdashboard">
            Go to your projects
          </Link>
        ) : (
          <Link className="b-btn b-btn--primary" to="/orders">
            Go to your cart
          </Link>
        )}
      </p>
    </Card>
  );
}
