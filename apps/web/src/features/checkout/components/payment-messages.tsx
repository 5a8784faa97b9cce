/**
 * The payment result pages' messages (payment-result.tsx; docs/decisions/0016): paid, no payment to confirm,
 * cancelled, confirming, and not confirmed. None of them decides anything: the server's answer chooses which shows.
 */
import { orderNumberOf } from '@bindery/contracts/store/orders';
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import type { Order } from '@bindery/contracts/store/checkout';
import { formatUsd } from '@bindery/ui/format';
import { MessageCard } from './message-card';

export const PAYMENT_SUCCESS_TITLE = 'Payment Successful!';

/**
 * What happens once an order is paid: printed books go to print and ship; an order of e-books alone (its one service
 * the download, docs/decisions/0034) is ready to download at once (docs/decisions/0059).
 */
export function afterPaymentText(order: Pick<Order, 'shipping_service'> | undefined): string {
  return order?.shipping_service.service_code === messages.checkout.digitalDelivery.code
    ? 'Your e-book files are ready: download them from your order page.'
    : 'We will e-mail you as your books go to print and ship.';
}
export const PAYMENT_CANCELLED_TITLE = 'Payment Cancelled';

/** The thank-you page; with the paid order, its number and total. */
export function PaymentSucceeded({ order }: { order?: Order }) {
  return (
    <MessageCard title={PAYMENT_SUCCESS_TITLE}>
      <p>Thank you for your order! We have received your payment. {afterPaymentText(order)}</p>
      {order ? (
        <p>
          Order {order.order_number}, {formatUsd(order.total)} paid.
        </p>
      ) : null}
      <p className="b-row" style={{ justifyContent: 'center' }}>
        {order ? (
          <Link className="b-btn b-btn--primary" to={`/orders/${order.id}`}>
            See your order
          </Link>
        ) : null}
        <Link className={order ? 'b-btn b-btn--secondary' : 'b-btn b-btn--primary'} to="/">
          Back to Home
        </Link>
        {order ? (
          <Link className="b-btn b-btn--secondary" to="/userdashboard">
            Go to your projects
          </Link>
        ) : null}
      </p>
    </MessageCard>
  );
}

export const NO_PAYMENT_TITLE = 'No payment to confirm';

/**
 * /success without an order in its address: nothing says a payment was made, so the page does not claim one
 *. The provider always returns with the order, so a buyer lands here only by a bookmark or a typed URL.
 */
export function NoPaymentToConfirm() {
  return (
    <MessageCard title={NO_PAYMENT_TITLE}>
      <p>
        This page confirms a payment when you come back from the card or PayPal page, and this address names
        no order, so no payment is confirmed here. If you have paid, your order is in your projects and a
        receipt is on its way by e-mail.
      </p>
      <p className="b-row" style={{ justifyContent: 'center' }}>
        <Link className="b-btn b-btn--primary" to="/userdashboard">
          Go to your projects
        </Link>
        <Link className="b-btn b-btn--secondary" to="/">
          Back to Home
        </Link>
      </p>
    </MessageCard>
  );
}

export function PaymentCancelled({ orderId }: { orderId: number | null }) {
  return (
    <MessageCard title={PAYMENT_CANCELLED_TITLE}>
      {orderId === null ? (
        <p>
          You cancelled the payment, so nothing was charged. To get your books printed, please place the order
          again.
        </p>
      ) : (
        <p>
          You cancelled the payment, so nothing was charged. Your order {orderNumberOf(orderId)} is kept: you
          can pay for it whenever you are ready.
        </p>
      )}
      <p>
        <Link
          className="b-btn b-btn--primary"
          to={orderId === null ? '/design-project' : `/payment?order=${orderId}`}
        >
          Try Again
        </Link>
      </p>
    </MessageCard>
  );
}

export function Confirming() {
  return (
    <MessageCard title="Confirming your payment…">
      <p>
        <Spinner label="Confirming your payment" />
      </p>
      <p>This takes a few seconds. Please keep this page open.</p>
    </MessageCard>
  );
}

export function NotConfirmed({
  text,
  onRetry,
  orderId,
}: {
  text: string;
  onRetry: () => void;
  orderId: number | null;
}) {
  return (
    <MessageCard title="Payment not confirmed">
      <Alert tone="error">{text}</Alert>
      <p className="b-row" style={{ justifyContent: 'center' }}>
        <Button onClick={onRetry}>Try again</Button>
        {orderId !== null ? <Link to={`/payment?order=${orderId}`}>Back to payment</Link> : null}
      </p>
    </MessageCard>
  );
}
