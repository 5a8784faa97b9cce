/**
 * Manage Orders' columns: order number, date, customer (name and e-mail), books, amount, status, payment method
 * and 'View Details' → /admin/order-info?id=.
 */
import { Link } from 'react-router-dom';
import type { Column } from '@bindery/ui/table';
import { OrderStatusBadge } from '@bindery/ui/order-status-badge';
import type { AdminOrderRow } from '@bindery/contracts/admin/orders';
import { customerEmail, formatDateTimeShort, formatUsd, paymentMethodLabel } from '../lib/order-format';

export const orderDetailsPath = (id: number) => `/admin/order-info?id=${id}`;

export const orderColumns: Column<AdminOrderRow>[] = [
  { key: 'number', header: 'Order', cell: (o) => <strong>{o.order_number}</strong>, nowrap: true },
  { key: 'date', header: 'Order Date', cell: (o) => formatDateTimeShort(o.created_at), nowrap: true },
  {
    key: 'customer',
    header: 'Customer',
    cell: (o) => (
      <span className="b-stack b-break-anywhere" style={{ gap: 0 }}>
        <span>{o.customer_name || '—'}</span>
        <span className="b-muted">{customerEmail(o.customer_email)}</span>
      </span>
    ),
  },
  { key: 'items', header: 'Books', cell: (o) => o.item_count, numeric: true },
  { key: 'amount', header: 'Amount', cell: (o) => formatUsd(o.total), numeric: true, nowrap: true },
  { key: 'status', header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} />, nowrap: true },
  { key: 'payment', header: 'Payment', cell: (o) => paymentMethodLabel(o.payment_method), nowrap: true },
  {
    key: 'action',
    header: 'Action',
    nowrap: true,
    cell: (o) => (
      <Link
        className="b-btn b-btn--secondary b-btn--sm"
        to={orderDetailsPath(o.id)}
        aria-label={`View Details: order ${o.order_number}`}
      >
        View Details
      </Link>
    ),
  },
];
