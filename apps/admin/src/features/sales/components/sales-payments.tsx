/**
 * The period's payments, newest first, keyset-paged: each with its order (a link to Order Details), customer,
 * method, provider reference, amount, what was refunded and the order's status; "Showing n of m" and "Load more".
 */
import { Link } from 'react-router-dom';
import { ListCount, LoadMore, type PagedList } from '@bindery/ui/list-state';
import { Table } from '@bindery/ui/table';
import type { SalesPayment } from '@bindery/contracts/admin/sales';
import { messages } from '@bindery/contracts/messages';
import { formatUsdCents } from '#lib/format-usd.ts';
import { METHOD_LABELS, paidAt, statusLabel } from '../lib/sales-labels';

const s = messages.orderScreens;

export function SalesPayments({
  payments,
  total,
  list,
}: {
  payments: SalesPayment[];
  /** The server's count of the period's payments, when it sent one. */
  total: number | undefined;
  list: PagedList;
}) {
  return (
    <section className="b-stack" aria-labelledby="sales-payments">
      <h2 id="sales-payments">Payments</h2>
      <Table<SalesPayment>
        caption="Payments of the period, newest first"
        captionHidden
        stacked
        columns={[
          {
            key: 'when',
            header: 'Paid',
            cell: (p) => <time dateTime={p.paid_at}>{paidAt.format(new Date(p.paid_at))}</time>,
            nowrap: true,
          },
          {
            key: 'order',
            header: 'Order',
            cell: (p) => (
              <Link to={`/admin/order-info?id=${p.order_id}`} aria-label={`Order ${p.order_number}`}>
                {p.order_number}
              </Link>
            ),
            nowrap: true,
          },
          {
            key: 'customer',
            header: 'Customer',
            cell: (p) => (
              <span className="b-stack" style={{ gap: 0 }}>
                <span>{p.customer_name || '—'}</span>
                <span className="b-muted">{p.customer_email}</span>
              </span>
            ),
          },
          { key: 'method', header: 'Method', cell: (p) => METHOD_LABELS[p.method] },
          { key: 'ref', header: 'Reference', cell: (p) => <code>{p.provider_reference}</code> },
          {
            key: 'amount',
            header: 'Amount',
            cell: (p) => formatUsdCents(p.amount_cents),
            numeric: true,
            nowrap: true,
          },
          {
            key: 'refunded',
            header: 'Refunded',
            cell: (p) => (p.refunded_cents > 0 ? formatUsdCents(p.refunded_cents) : '—'),
            numeric: true,
            nowrap: true,
          },
          { key: 'status', header: 'Order status', cell: (p) => statusLabel(p.order_status) },
        ]}
        rows={payments}
        rowKey={(p) => String(p.id)}
        empty={s.noPaymentsInPeriod}
      />
      {total !== undefined ? (
        <ListCount shown={payments.length} total={total} noun={['payment', 'payments']} />
      ) : null}
      <LoadMore list={list} failed={s.loadSalesFailed} />
    </section>
  );
}
