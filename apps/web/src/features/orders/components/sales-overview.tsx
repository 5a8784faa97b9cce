/**
 * The dashboard's "Sales and payments overview" (docs/spec/customer-journey.md §2; issue 10 item 4, ADR 0030): the
 * customer's real figures from GET api/orders/overview/ — '{n} USD total unpaid revenue' (the spec's words, with
 * the server's sum of the orders still to pay), what was paid and refunded, the order counts — and the latest
 * orders, each linking to its page. With no order at all: the spec's texts ('0.00 USD total unpaid revenue',
 * 'You don't have any sales yet'). Payment Overview → /shop and Project Overview → /design-project as the spec has.
 */
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { messages } from '@bindery/contracts/messages';
import { formatUsd } from '@bindery/ui/format';
import { useMyOrders } from '../api/get-my-orders';
import { useSalesOverview } from '../api/get-sales-overview';
import { formatDate, isPositive } from '../lib/order-display';
import { OrderStatusBadge } from '@bindery/ui/order-status-badge';

const m = messages.orders;
export const OVERVIEW_LATEST = 3;

export function SalesOverview({ userId }: { userId: number }) {
  const overview = useSalesOverview(userId);
  const latest = useMyOrders(userId, OVERVIEW_LATEST);
  const figures = overview.data;
  const orders = latest.data?.pages[0]?.data ?? [];
  const none = figures
    ? figures.counts.paid + figures.counts.awaiting_payment + figures.counts.canceled === 0
    : false;

  return (
    <section className="b-container b-stack" aria-labelledby="sales-overview">
      <h2 id="sales-overview">Sales and payments overview</h2>
      {overview.isError ? <Alert tone="error">{messages.orderScreens.loadMyOrdersFailed}</Alert> : null}
      {figures ? (
        <div className="b-grid">
          <div className="b-card b-stack">
            <p style={{ margin: 0, fontWeight: 700 }} data-testid="unpaid-revenue">
              {m.totalUnpaidRevenue(figures.awaiting_payment_total)}
            </p>
            {figures.counts.awaiting_payment > 0 ? (
              <p className="b-muted" style={{ margin: 0 }}>
                {figures.counts.awaiting_payment}{' '}
                {figures.counts.awaiting_payment === 1 ? 'order waits' : 'orders wait'} for payment
              </p>
            ) : null}
            <p style={{ margin: 0 }}>
              <Link className="b-btn b-btn--secondary b-btn--sm" to="/shop">
                {m.paymentOverview}
              </Link>
            </p>
          </div>
          <div className="b-card b-stack">
            {none ? (
              <p style={{ margin: 0 }}>{m.noSalesYet}</p>
            ) : (
              <dl className="b-facts" aria-label="Your payments">
                <dt>Paid</dt>
                <dd data-testid="paid-total">
                  {formatUsd(figures.paid_total)} ({figures.counts.paid}{' '}
                  {figures.counts.paid === 1 ? 'order' : 'orders'})
                </dd>
                {isPositive(figures.refunded_total) ? (
                  <>
                    <dt>Refunded</dt>
                    <dd>{formatUsd(figures.refunded_total)}</dd>
                  </>
                ) : null}
                {figures.counts.canceled > 0 ? (
                  <>
                    <dt>Canceled</dt>
                    <dd>
                      {figures.counts.canceled} {figures.counts.canceled === 1 ? 'order' : 'orders'}
                    </dd>
                  </>
                ) : null}
                {figures.last_paid_at ? (
                  <>
                    <dt>Last payment</dt>
                    <dd>{formatDate(figures.last_paid_at)}</dd>
                  </>
                ) : null}
              </dl>
            )}
            <p style={{ margin: 0 }}>
              <Link className="b-btn b-btn--secondary b-btn--sm" to="/design-project">
                {m.projectOverview}
              </Link>
            </p>
          </div>
        </div>
      ) : overview.isPending ? (
        <p role="status" className="b-muted">
          Loading your figures...
        </p>
      ) : null}
      {orders.length > 0 ? (
        <>
          <h3>Latest orders</h3>
          <ul
            className="b-stack"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Latest orders"
          >
            {orders.map((o) => (
              <li key={o.id} className="b-row">
                <Link to={`/orders/${o.id}`}>{o.order_number}</Link>
                <span className="b-muted">{formatDate(o.created_at)}</span>
                <span>{formatUsd(o.total)}</span>
                <OrderStatusBadge status={o.status} />
              </li>
            ))}
          </ul>
          <p style={{ margin: 0 }}>
            <Link to="/orders">All your orders →</Link>
          </p>
        </>
      ) : null}
    </section>
  );
}
