/**
 * The admin dashboard's orders (no empty placeholder in the admin): how many orders are in each status,
 * each linking to Manage Orders on that tab (what waits for staff: Paid → start production, In production → ship),
 * and the latest orders with their status.
 */
import { Link } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Table } from '@bindery/ui/table';
import type { AdminOrderRow } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { ORDER_STATUSES, orderStatusLabel } from '@bindery/contracts/order-lifecycle';
import { useAdminOrders } from '../api/get-admin-orders';
import { useOrderCounts } from '../api/get-order-counts';
import { formatDateTimeShort, formatUsd } from '../lib/order-format';
import { orderDetailsPath } from './order-columns';
import { OrderStatusBadge } from '@bindery/ui/order-status-badge';

const s = messages.orderScreens;
export const LATEST_ORDERS = 5;

export function OrdersAtAGlance() {
  const { counts, isError } = useOrderCounts();
  const latest = useAdminOrders({}, LATEST_ORDERS);
  const rows = latest.data?.pages[0]?.data ?? [];

  return (
    <>
      <section className="b-stack" aria-labelledby="orders-by-status">
        <h2 id="orders-by-status">Orders by status</h2>
        {isError ? <Alert tone="error">{messages.admin.loadOrdersFailed}</Alert> : null}
        <ul className="b-grid" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {ORDER_STATUSES.map((status) => (
            <li key={status}>
              <Link
                className="b-card b-stack"
                style={{ display: 'flex', textDecoration: 'none', gap: 0 }}
                to={`/admin/orders?status=${status}`}
              >
                <span className="b-muted">{orderStatusLabel(status)}</span>
                <span
                  style={{ fontSize: '1.75rem', fontWeight: 700 }}
                  className="b-num"
                  data-testid={`count-${status}`}
                >
                  {counts[status] === undefined ? '…' : counts[status].toLocaleString('en-US')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="b-stack" aria-labelledby="latest-orders">
        <h2 id="latest-orders">{s.dashboardLatest}</h2>
        {latest.isError ? <Alert tone="error">{messages.admin.loadOrdersFailed}</Alert> : null}
        {latest.isPending ? (
          <p role="status">{messages.admin.loadingOrders}</p>
        ) : latest.isError ? null : (
          <Table<AdminOrderRow>
            caption={s.dashboardLatest}
            captionHidden
            stacked
            columns={[
              {
                key: 'n',
                header: 'Order',
                cell: (o) => <Link to={orderDetailsPath(o.id)}>{o.order_number}</Link>,
                nowrap: true,
              },
              { key: 'd', header: 'Date', cell: (o) => formatDateTimeShort(o.created_at), nowrap: true },
              { key: 'c', header: 'Customer', cell: (o) => o.customer_name || o.customer_email },
              { key: 'a', header: 'Amount', cell: (o) => formatUsd(o.total), numeric: true, nowrap: true },
              {
                key: 's',
                header: 'Status',
                cell: (o) => <OrderStatusBadge status={o.status} />,
                nowrap: true,
              },
            ]}
            rows={rows}
            rowKey={(o) => String(o.id)}
            empty={s.noOrdersYet}
          />
        )}
        <p>
          <Link to="/admin/orders">All orders →</Link>
        </p>
      </section>
    </>
  );
}
