/**
 * Manage Orders, 'Order Management' (docs/spec/calculators-account-admin.md §2, reworked by issue 10 item 3; ADR 0030): the
 * orders of GET api/admin/orders/ (drafts are not orders), newest first, with status tabs (each with the server's
 * count), a server-side search that waits for the typing to pause, "Showing n of m orders" from the server's
 * count, and "Load more" for the next keyset page. Status and search live in the address (?status=&q=), so a reload
 * or Back keeps them. A row: order number, date, customer, items, amount, status, payment method and 'View Details'
 * → /admin/order-info?id=. In a narrow box the rows become cards.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Table, type Column } from '@bindery/ui/table';
import type { AdminOrderRow } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { ORDER_STATUSES, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import { SearchBox } from '#components/search-box.tsx';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@bindery/ui/use-debounced-value';
import { useAdminOrders } from '../api/get-admin-orders';
import { useOrderCounts } from '../api/get-order-counts';
import {
  customerEmail,
  formatDateTimeShort,
  formatUsd,
  orderStatusLabel,
  paymentMethodLabel,
} from '../lib/order-format';
import { OrderStatusBadge } from '@bindery/ui/order-status-badge';

const s = messages.orderScreens;

const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (ORDER_STATUSES as readonly string[]).includes(value);

export const orderDetailsPath = (id: number) => `/admin/order-info?id=${id}`;

const columns: Column<AdminOrderRow>[] = [
  { key: 'number', header: 'Order', cell: (o) => <strong>{o.order_number}</strong> },
  { key: 'date', header: 'Order Date', cell: (o) => formatDateTimeShort(o.created_at) },
  {
    key: 'customer',
    header: 'Customer',
    cell: (o) => (
      <span className="b-stack" style={{ gap: 0 }}>
        <span>{o.customer_name || '—'}</span>
        <span className="b-muted">{customerEmail(o.customer_email)}</span>
      </span>
    ),
  },
  { key: 'items', header: 'Books', cell: (o) => o.item_count, numeric: true },
  { key: 'amount', header: 'Amount', cell: (o) => formatUsd(o.total), numeric: true },
  { key: 'status', header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} /> },
  { key: 'payment', header: 'Payment', cell: (o) => paymentMethodLabel(o.payment_method) },
  {
    key: 'action',
    header: 'Action',
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

function StatusTabs({ current, q }: { current: OrderStatus | undefined; q: string }) {
  const { counts } = useOrderCounts();
  const tabs: { status: OrderStatus | undefined; label: string }[] = [
    { status: undefined, label: 'All' },
    ...ORDER_STATUSES.map((status) => ({ status, label: orderStatusLabel(status) })),
  ];
  return (
    <nav aria-label="Orders by status">
      <ul className="b-tabs">
        {tabs.map((t) => {
          const query = new URLSearchParams();
          if (t.status) query.set('status', t.status);
          if (q) query.set('q', q);
          const count = counts[t.status ?? 'all'];
          return (
            <li key={t.label}>
              <Link to={`?${query.toString()}`} aria-current={t.status === current ? 'page' : undefined}>
                {t.label}
                {count === undefined ? null : (
                  <span className="b-muted"> ({count.toLocaleString('en-US')})</span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function OrderList() {
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const q = (params.get('q') ?? '').trim();
  const [term, setTerm] = useState(q);
  const settled = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const written = useRef(q);

  // The address follows the search once the typing pauses (replace: each key is not a step of Back). Not while
  // the user is already leaving for another page (a row's 'View Details' clicked within the pause, its lazy page
  // still loading): that write would replace the address being opened and land on 'Order Not Found'.
  const leaving = navigation.location !== undefined && navigation.location.pathname !== location.pathname;
  useEffect(() => {
    if (leaving || settled === written.current) return;
    written.current = settled;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (settled) next.set('q', settled);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [settled, setParams, leaving]);

  // Back/forward may change q under the box (not this box's own write): show what is searched.
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setTerm(q);
  }, [q]);

  const orders = useAdminOrders({ status, q: q || undefined });
  const rows = orders.data?.pages.flatMap((p) => p.data) ?? [];
  const total = orders.data?.pages[0]?.total ?? rows.length;
  const filtered = Boolean(q || status);

  return (
    <div className="b-stack">
      <h1>{messages.admin.orderManagement}</h1>
      <StatusTabs current={status} q={q} />
      <SearchBox value={term} onChange={setTerm} placeholder={s.searchOrders} label="Search orders" />
      {orders.isError && rows.length === 0 ? (
        <Alert tone="error">{messages.admin.loadOrdersFailed}</Alert>
      ) : null}
      {orders.isPending ? (
        <p role="status">{messages.admin.loadingOrders}</p>
      ) : orders.isError && rows.length === 0 ? null : (
        <>
          <p role="status" className="b-muted" style={{ margin: 0 }}>
            {s.showing(rows.length, total, total === 1 ? 'order' : 'orders')}
          </p>
          <Table
            caption={status ? `${orderStatusLabel(status)} orders` : 'All Orders'}
            captionHidden
            stacked
            columns={columns}
            rows={rows}
            rowKey={(o) => String(o.id)}
            empty={filtered ? messages.admin.noOrdersMatching : s.noOrdersYet}
          />
          {orders.isFetchNextPageError ? <Alert tone="error">{messages.admin.loadOrdersFailed}</Alert> : null}
          {orders.hasNextPage ? (
            <div className="b-row">
              <Button
                variant="secondary"
                busy={orders.isFetchingNextPage}
                onClick={() => void orders.fetchNextPage()}
              >
                {s.loadMore}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
