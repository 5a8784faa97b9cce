/**
 * The dashboard's overview of the customer's own orders (docs/decisions/0058): what is still to pay, each order with
 * a link to its payment page; what was spent (after refunds); the orders being printed or on their way; and the
 * latest orders, each linking to its page. Every figure is the server's (GET api/orders/overview/). A buyer's
 * words only: the spec's seller texts ("total unpaid revenue", "You don't have any sales yet") are not shown.
 */
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { messages } from '@bindery/contracts/messages';
import { formatUsd } from '@bindery/ui/format';
import { OrderStatusBadge } from '@bindery/ui/order-status-badge';
import { useMyOrders } from '../api/get-my-orders';
import { useOverview } from '../api/get-overview';
import { formatDate, isPositive } from '../lib/order-display';

export const OVERVIEW_LATEST = 3;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function CustomerOverview({ userId }: { userId: number }) {
  const overview = useOverview(userId);
  const latest = useMyOrders(userId, OVERVIEW_LATEST);
  const figures = overview.data;
  const orders = latest.data?.pages[0]?.data ?? [];

  return (
    <section className="b-container b-stack" aria-labelledby="customer-overview">
      <h2 id="customer-overview">Your orders and payments</h2>
      {overview.isError ? <Alert tone="error">{messages.orderScreens.loadMyOrdersFailed}</Alert> : null}
      {figures ? (
        <div className="b-grid">
          <div className="b-card b-stack" aria-labelledby="overview-to-pay">
            <h3 id="overview-to-pay">To pay</h3>
            {figures.unpaid.count === 0 ? (
              <p style={{ margin: 0 }} data-testid="unpaid-summary">
                Nothing to pay.
              </p>
            ) : (
              <>
                <p style={{ margin: 0, fontWeight: 700 }} data-testid="unpaid-summary">
                  {plural(figures.unpaid.count, 'order', 'orders')} to pay: {formatUsd(figures.unpaid.total)}
                </p>
                <ul
                  className="b-stack"
                  style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  aria-label="Orders to pay"
                >
                  {figures.unpaid.orders.map((o) => (
                    <li key={o.id} className="b-row">
                      <Link to={`/payment?order=${o.id}`}>
                        Pay {o.order_number} ({formatUsd(o.total)})
                      </Link>
                      {o.expires_at ? (
                        <span className="b-muted">until {formatDate(o.expires_at)}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
                {figures.unpaid.count > figures.unpaid.orders.length ? (
                  <p style={{ margin: 0 }}>
                    <Link to="/orders">See every order to pay →</Link>
                  </p>
                ) : null}
              </>
            )}
          </div>
          <div className="b-card b-stack" aria-labelledby="overview-spent">
            <h3 id="overview-spent">Spent</h3>
            <dl className="b-facts" aria-label="Your payments">
              <dt>Spent with us</dt>
              <dd data-testid="spent-total">{formatUsd(figures.spent_total)}</dd>
              {isPositive(figures.refunded_total) ? (
                <>
                  <dt>Refunded to you</dt>
                  <dd>{formatUsd(figures.refunded_total)}</dd>
                </>
              ) : null}
              {figures.last_paid_at ? (
                <>
                  <dt>Last payment</dt>
                  <dd>{formatDate(figures.last_paid_at)}</dd>
                </>
              ) : null}
            </dl>
          </div>
          <div className="b-card b-stack" aria-labelledby="overview-open">
            <h3 id="overview-open">Open orders</h3>
            <p style={{ margin: 0 }} data-testid="open-orders">
              {figures.counts.open === 0
                ? 'No order is being printed or shipped.'
                : `${plural(figures.counts.open, 'order is', 'orders are')} being printed or on the way.`}
            </p>
            {figures.counts.delivered > 0 ? (
              <p className="b-muted" style={{ margin: 0 }}>
                {plural(figures.counts.delivered, 'order', 'orders')} delivered.
              </p>
            ) : null}
            <p style={{ margin: 0 }}>
              <Link className="b-btn b-btn--secondary b-btn--sm" to="/orders">
                Your orders
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
