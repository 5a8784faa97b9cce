/**
 * The customer's orders below the cart on /orders (ADR 0030): GET api/orders/, newest first, a
 * row per order with its number (→ the order page), date, books, total, status (with what was refunded, ADR 0058) and tracking link; "Showing n of m
 * orders" from the server's count and "Load more" for the next keyset page. Rows become cards on a phone.
 */
import { Link } from 'react-router-dom';
import { firstPageFailed, ListCount, ListFailed, ListLoading, LoadMore } from '@bindery/ui/list-state';
import { Table } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import type { OrderSummary } from '@bindery/contracts/store/orders';
import { formatUsd } from '@bindery/ui/format';
import { parseCents } from '@bindery/pricing/money';
import { useMyOrders } from '../api/get-my-orders';
import { formatDate } from '../lib/order-display';
import { OrderStatusBadge } from '@bindery/ui/order-status-badge';
import { TrackingLink } from './tracking-link';

const s = messages.orderScreens;

const books = (o: OrderSummary) =>
  o.items.map((i) => `${i.title || messages.projects.untitled} × ${i.quantity}`).join(', ') ||
  `${o.item_count}`;

/** What came back of an order (the server's sum of its refunds): "Refunded $162.16" or "Partly refunded $10.00". */
function RefundMark({ order }: { order: OrderSummary }) {
  const refunded = parseCents(order.refunded);
  if (refunded <= 0) return null;
  const all = refunded >= parseCents(order.total);
  return (
    <span className="b-muted" data-testid="refund-mark">
      {` ${all ? 'Refunded' : 'Partly refunded'} ${formatUsd(order.refunded)}`}
    </span>
  );
}

export function MyOrders({ userId }: { userId: number }) {
  const orders = useMyOrders(userId);
  const rows = orders.data?.pages.flatMap((p) => p.data) ?? [];
  const total = orders.data?.pages[0]?.total ?? rows.length;

  return (
    <section className="b-container b-stack" aria-labelledby="my-orders">
      <h2 id="my-orders">{s.yourOrders}</h2>
      {orders.isPending ? (
        <ListLoading spinner>{messages.cart.loadingOrders}</ListLoading>
      ) : firstPageFailed(orders) ? (
        <ListFailed onRetry={() => void orders.refetch()}>{s.loadMyOrdersFailed}</ListFailed>
      ) : rows.length === 0 ? (
        <p className="b-muted">{s.noOrdersPlaced}</p>
      ) : (
        <>
          <Table<OrderSummary>
            caption={s.yourOrders}
            captionHidden
            stacked
            columns={[
              {
                key: 'number',
                header: 'Order',
                cell: (o) => <Link to={`/orders/${o.id}`}>{o.order_number}</Link>,
              },
              {
                key: 'date',
                header: 'Date',
                cell: (o) => <time dateTime={o.created_at}>{formatDate(o.created_at)}</time>,
              },
              { key: 'books', header: 'Books', cell: books },
              { key: 'total', header: 'Total', cell: (o) => formatUsd(o.total), numeric: true },
              {
                key: 'status',
                header: 'Status',
                cell: (o) => (
                  <>
                    <OrderStatusBadge status={o.status} />
                    <RefundMark order={o} />
                  </>
                ),
              },
              { key: 'tracking', header: 'Tracking', cell: (o) => <TrackingLink order={o} /> },
            ]}
            rows={rows}
            rowKey={(o) => String(o.id)}
          />
          <ListCount shown={rows.length} total={total} noun={['order', 'orders']} />
          <LoadMore list={orders} failed={s.loadMyOrdersFailed} />
        </>
      )}
    </section>
  );
}
