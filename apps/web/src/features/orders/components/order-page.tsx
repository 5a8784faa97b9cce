/**
 * The customer's order page, /orders/:id (ADR 0030), linked from the cart's order list, the
 * dashboard, the success page and every order mail: where the order stands (a progress line and the status
 * timeline with the notes staff shared), the carrier and tracking link, the books, the address, the amounts with
 * refunds, and a printable receipt (the print stylesheet leaves the page's chrome and buttons out). An unpaid
 * order offers its payment page; a paid one can be ordered again (same files, new copies, new address → /shop).
 * Another customer's order, or an unknown one, is 'Order not found.' (the server answers 404 for both). A paid
 * order's e-books offer their files (Downloads); an order of e-books alone ships nothing and is not reordered.
 */
import { Link, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ApiError, publicConfigQuery } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { usePageRestored } from '@bindery/ui/page-history';
import { Spinner } from '@bindery/ui/spinner';
import { messages } from '@bindery/contracts/messages';
import { isPaidStatus } from '@bindery/contracts/order-lifecycle';
import type { Order } from '@bindery/contracts/store/checkout';
import { OrderStatusBadge } from '@bindery/ui/order-status-badge';
import { api } from '#lib/api-client.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { useOrder } from '../api/get-order';
import { isDigitalOrder } from '#lib/digital-order.ts';
import { formatDateTime } from '../lib/order-display';
import { OrderBooks } from './order-books';
import { OrderDelivery } from './order-delivery';
import { OrderDownloads } from './order-downloads';
import { CancelWindow, OrderHold, type PayDifference } from './order-hold';
import { OrderInvoices } from './order-invoices';
import { OrderNotes } from './order-notes';
import { OrderProof } from './order-proof';
import { Progress, Timeline } from './order-progress';
import { Reorder } from './reorder-form';
import { TrackingLink } from './tracking-link';
import '../orders.css';

const s = messages.orderScreens;

/**
 * Who sells and the receipt's number (the order number; ADR 0058): the merchant's name and address from the
 * server's configuration (GET /api/config → merchant), so the printed receipt names them.
 */
function Merchant({ order }: { order: Order }) {
  const merchant = useQuery(publicConfigQuery(api)).data?.merchant;
  return (
    <p className="b-muted" style={{ margin: 0 }} data-testid="receipt-merchant">
      Receipt {order.order_number}
      {merchant ? ` · ${merchant.name}, ${merchant.address}` : ''}
    </p>
  );
}

export function OrderDetails({
  order,
  userId,
  payDifference,
}: {
  order: Order;
  userId: number;
  payDifference?: PayDifference;
}) {
  const shipped = order.tracking_number !== null || order.tracking_url !== null;
  const digital = isDigitalOrder(order);
  // A proof is not ordered again as a proof: its book's copies are ordered from the approval (ADR 0078).
  const proofsOnly = order.items.every((item) => item.proof !== undefined);
  return (
    <div className="b-container b-stack b-receipt">
      <p className="b-no-print" style={{ margin: 0 }}>
        <Link to="/orders">← Your cart and orders</Link>
      </p>
      <div className="b-row" style={{ justifyContent: 'space-between' }}>
        <h1 style={{ margin: 0 }}>Order {order.order_number}</h1>
        <Button variant="secondary" className="b-no-print" onClick={() => window.print()}>
          {s.printReceipt}
        </Button>
      </div>
      <Merchant order={order} />
      <p className="b-row" style={{ margin: 0 }}>
        <OrderStatusBadge status={order.status} />
        <span className="b-muted">
          Placed {formatDateTime(order.created_at)}
          {order.paid_at ? ` · paid ${formatDateTime(order.paid_at)}` : ''}
        </span>
      </p>
      {order.status === 'awaiting_payment' ? (
        <Alert tone="warning">
          {s.awaitingPayment}
          {order.expires_at ? ` Pay by ${formatDateTime(order.expires_at)}, or it is canceled.` : ''}{' '}
          <Link to={`/payment?order=${order.id}`}>{s.payNow}</Link>
        </Alert>
      ) : null}

      <OrderHold order={order} payDifference={payDifference} />
      <CancelWindow order={order} />

      <section className="b-card b-stack" aria-labelledby="order-status">
        <h2 id="order-status">Status</h2>
        <Progress order={order} />
        {shipped ? (
          <dl className="b-facts" aria-label="Shipment">
            <dt>Carrier</dt>
            <dd>{order.carrier ?? '—'}</dd>
            <dt>Tracking number</dt>
            <dd>{order.tracking_number ?? '—'}</dd>
            <dt>Tracking</dt>
            <dd>
              <TrackingLink order={order} />
            </dd>
          </dl>
        ) : null}
        <h3>History</h3>
        <Timeline order={order} />
      </section>

      <OrderNotes orderId={order.id} />

      <OrderDownloads order={order} />

      <OrderInvoices order={order} />

      <OrderProof order={order} userId={userId} />

      <OrderBooks order={order} />

      <OrderDelivery order={order} />

      {isPaidStatus(order.status) && !digital && !proofsOnly ? (
        <Reorder order={order} userId={userId} />
      ) : null}
    </div>
  );
}

export function OrderPage({
  orderId,
  userId,
  payDifference,
}: {
  orderId: number | null;
  userId: number;
  /** The payment form for a hold's difference (the checkout feature's, composed by the app: ADR 0057, 0077). */
  payDifference?: PayDifference;
}) {
  // Back from paying a hold's difference (?difference=paid, ADR 0077): the webhook may come a moment later.
  const awaitDifference = new URLSearchParams(useLocation().search).get('difference') === 'paid';
  const order = useOrder(orderId ?? 0, { enabled: orderId !== null, awaitDifference });
  // Back from the provider's page (paying a hold's difference) may show this page from the back/forward cache as
  // it was left, the pay button busy: each such return reads the order again and starts its forms afresh (ADR 0052).
  const restored = usePageRestored(() => void order.refetch());
  useDocumentTitle(order.data ? `Order ${order.data.order.order_number}` : 'Your order');

  if (orderId === null || (order.isError && order.error instanceof ApiError && order.error.status === 404)) {
    return (
      <div className="b-container b-stack">
        <h1>{s.orderNotFound}</h1>
        <p>
          <Link to="/orders">← Your cart and orders</Link>
        </p>
      </div>
    );
  }
  if (order.isPending) {
    return (
      <div className="b-container" role="status">
        <Spinner label="" /> Loading your order...
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="b-container b-stack">
        <h1>Your order</h1>
        <Alert tone="error">{s.loadOrderFailed}</Alert>
        <div className="b-row">
          <Button onClick={() => void order.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  return (
    <OrderDetails key={restored} order={order.data.order} userId={userId} payDifference={payDifference} />
  );
}
