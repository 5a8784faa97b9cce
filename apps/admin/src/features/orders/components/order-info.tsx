/**
 * Order Details, /admin/order-info?id= (docs/spec/calculators-account-admin.md §2, reworked by issue 10 item 3; ADR 0030):
 * everything of GET api/admin/orders/{id}/ that staff need to produce, ship, refund and answer questions: the
 * actions the status allows, the customer, each book (every option by name, photo-book extras too, pages,
 * copies, unit and line price, the files with View and Download, the cover-expert request), the shipment (address,
 * service, weight, carrier and tracking), the amounts with the tax reason, the payments with their provider
 * references, the refunds and the event timeline. The id in the address is the only input, so a reload or a
 * shared link shows the same order. Missing or unknown: 'Order Not Found' with 'Back to Orders'.
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { Table } from '@bindery/ui/table';
import type {
  AdminOrderDetail,
  AdminOrderItem,
  AdminPayment,
  OrderEvent,
  Refund,
} from '@bindery/contracts/admin/orders';
import { IdParam } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { useAdminOrder } from '../api/get-admin-order';
import {
  customerEmail,
  formatDateTime,
  formatDateTimeShort,
  formatUsd,
  orderStatusLabel,
  paymentMethodLabel,
} from '../lib/order-format';
import { OrderActions } from './order-actions';
import { OrderFileActions } from './order-file-actions';
import { isPositiveAmount } from '@bindery/ui/format';
import { OrderAmounts } from '@bindery/ui/order-amounts';
import { OrderStatusBadge } from '@bindery/ui/order-status-badge';

const BACK = (
  <Link className="b-btn b-btn--secondary" to="/admin/orders">
    {messages.admin.backToOrders}
  </Link>
);

type Fact = [term: string, value: ReactNode];

function Facts({ rows, label }: { rows: Fact[]; label?: string }) {
  return (
    <dl className="b-facts" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="b-card b-stack" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '—');
const grams = (g: number) =>
  g >= 1000 ? `${(g / 1000).toLocaleString('en-US', { maximumFractionDigits: 2 })} kg` : `${g} g`;
const bytes = (n: number) =>
  n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} B`;

function BookItem({ item, index }: { item: AdminOrderItem; index: number }) {
  const o = item.options;
  const title = item.title.trim() || messages.admin.untitledBook;
  const id = `book-${index}`;
  return (
    <section
      className="b-stack"
      aria-labelledby={id}
      style={{
        borderTop: index > 0 ? '1px solid var(--b-color-border)' : undefined,
        paddingTop: index > 0 ? 'var(--b-space-4)' : undefined,
      }}
    >
      <h3 id={id}>{title}</h3>
      <Facts
        label={`${title}: details`}
        rows={[
          ['Category', item.category],
          ['Language', orDash(item.language)],
          ['Page Count', `${item.page_count} pages`],
          ['Quantity', `${item.quantity.toLocaleString('en-US')} ${item.quantity === 1 ? 'copy' : 'copies'}`],
          ['Trim Size', orDash(o.trim_size)],
          ['Binding Type', orDash(o.binding_type)],
          ['Interior Color', orDash(o.interior_color)],
          ['Paper Type', orDash(o.paper_type)],
          ['Cover Finish', orDash(o.cover_finish)],
          ...Object.entries(o.extras).map(([kind, name]): Fact => [kind, name]),
          ['Price per book', formatUsd(item.cost_per_book)],
          ...(isPositiveAmount(item.discount_amount)
            ? [['Bulk discount', `−${formatUsd(item.discount_amount)}`] as Fact]
            : []),
          ['Line total', <strong key="line">{formatUsd(item.line_total)}</strong>],
        ]}
      />
      <div className="b-stack" aria-label={`${title}: files`} role="group">
        <h4 style={{ margin: 0 }}>Book PDF</h4>
        <p className="b-muted" style={{ margin: 0 }}>
          {item.pdf_file.file_name} · {bytes(item.pdf_file.size_bytes)}
        </p>
        <OrderFileActions
          path={item.pdf_file.url}
          downloadPath={item.pdf_file.download_url}
          label={`book PDF of ${title}`}
          baseName={`${title} - interior`}
        />
        <h4 style={{ margin: 0 }}>Cover File</h4>
        {item.cover_file ? (
          <>
            <p className="b-muted" style={{ margin: 0 }}>
              {item.cover_file.file_name} · {bytes(item.cover_file.size_bytes)}
            </p>
            <OrderFileActions
              path={item.cover_file.url}
              downloadPath={item.cover_file.download_url}
              label={`cover file of ${title}`}
              baseName={`${title} - cover`}
            />
          </>
        ) : (
          <p className="b-muted" style={{ margin: 0 }}>
            {messages.admin.noCoverFile}
          </p>
        )}
        {item.cover_expert ? (
          <div className="b-stack b-alert b-alert--info" role="group" aria-label="Cover expert request">
            <strong>Cover expert request</strong>
            <Facts
              rows={[
                ['Contact', `${item.cover_expert.contact_name} <${item.cover_expert.contact_email}>`],
                ['Book title', item.cover_expert.book_title],
                ['Genre', item.cover_expert.book_genre],
              ]}
            />
            <blockquote style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              {item.cover_expert.cover_description}
            </blockquote>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function Timeline({ events }: { events: OrderEvent[] }) {
  return (
    <ol className="b-timeline" aria-label="Order events, oldest first">
      {events.map((e) => (
        <li key={e.id}>
          <strong>
            {e.from === null
              ? `Placed: ${orderStatusLabel(e.to)}`
              : `${orderStatusLabel(e.from)} → ${orderStatusLabel(e.to)}`}
          </strong>
          <br />
          <span className="b-muted">
            <time dateTime={e.created_at}>{formatDateTimeShort(e.created_at)}</time> · {e.actor.label}
            {e.actor.type === 'system' ? ' (automatic)' : ''}
          </span>
          {e.note ? (
            <p style={{ margin: 0 }}>
              {e.note}{' '}
              <span className="b-muted">{e.internal ? '(staff only)' : '(shown to the customer)'}</span>
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

const PAYMENT_STATUS: Record<AdminPayment['status'], string> = {
  created: 'Started, not paid',
  completed: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
};
const REFUND_STATUS: Record<Refund['status'], string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

export function OrderDetails({ order }: { order: AdminOrderDetail }) {
  const a = order.address;
  const svc = order.shipping_service;
  const when: Fact[] = (
    [
      ['Placed', order.created_at],
      ['Paid', order.paid_at],
      ['In production', order.in_production_at],
      ['Shipped', order.shipped_at],
      ['Delivered', order.delivered_at],
      ['Canceled', order.canceled_at],
      ['Expires if unpaid', order.expires_at],
    ] as const
  )
    .filter(([, at]) => at !== null)
    .map(([term, at]) => [term, formatDateTime(at)]);

  return (
    <div className="b-stack">
      <div className="b-row" style={{ justifyContent: 'space-between' }}>
        <h1 style={{ margin: 0 }}>Order {order.order_number}</h1>
        {BACK}
      </div>
      <p className="b-row" style={{ margin: 0 }}>
        <OrderStatusBadge status={order.status} />
        <span className="b-muted">
          {formatUsd(order.total)} · {order.items.length} {order.items.length === 1 ? 'book' : 'books'} ·
          placed {formatDateTimeShort(order.created_at)}
        </span>
      </p>
      <OrderActions order={order} />
      <Section id="order-basic" title="Basic Information">
        <Facts
          rows={[
            ['Order', order.order_number],
            ['Status', orderStatusLabel(order.status)],
            ['Customer', order.customer.name || '—'],
            ['Customer Email', customerEmail(order.customer.email)],
            ...(order.customer.account_deleted
              ? [['Account', 'Deleted (the order keeps the name and e-mail it was placed with)'] as Fact]
              : []),
            ...when,
          ]}
        />
      </Section>
      <Section id="order-books" title={`Books (${order.items.length})`}>
        {order.items.map((item, i) => (
          <BookItem key={item.project_id} item={item} index={i} />
        ))}
      </Section>
      <Section id="order-shipping" title="Shipping">
        <Facts
          rows={[
            [
              'Ship to',
              <address key="a" style={{ fontStyle: 'normal' }}>
                {a.first_name} {a.last_name}
                {a.company ? `, ${a.company}` : ''}
                <br />
                {a.address}
                {a.apt_floor ? `, ${a.apt_floor}` : ''}
                <br />
                {a.city}, {a.state} {a.postal_code}, {a.country}
                <br />
                {a.phone_number}
              </address>,
            ],
            [
              'Buyer',
              `${a.account_type === 'enterprise' ? 'Enterprise / Business' : 'Individual'}${a.has_resale_cert ? ', resale certificate' : ''}`,
            ],
            ['Service', `${svc.courier_name} · ${svc.service_name} (${svc.delivery_time})`],
            ['Weight', grams(order.weight_grams)],
            ['Customer paid for shipping', formatUsd(order.shipping)],
            ...(order.carrier_charge ? [['Carrier charges', formatUsd(order.carrier_charge)] as Fact] : []),
            ['Carrier', orDash(order.carrier)],
            ['Tracking number', orDash(order.tracking_number)],
            [
              'Tracking link',
              order.tracking_url ? (
                <a key="t" href={order.tracking_url} target="_blank" rel="noreferrer noopener">
                  {order.tracking_url}
                </a>
              ) : (
                '—'
              ),
            ],
          ]}
        />
      </Section>
      <Section id="order-amounts" title="Amounts">
        <OrderAmounts amounts={order} />
        <p className="b-muted" style={{ margin: 0 }}>
          {messages.orderAmounts.taxReason(order.tax_reason)}
        </p>
      </Section>
      <Section id="order-payment" title="Payment">
        <Facts
          rows={[
            ['Method', paymentMethodLabel(order.payment_method)],
            ['Provider reference', orDash(order.payment_reference)],
            ['Charge reference', orDash(order.charge_reference)],
            ['Refunded', formatUsd(order.refunded)],
            ['Left to refund', formatUsd(order.refundable)],
          ]}
        />
        {order.payments.length > 0 ? (
          <Table<AdminPayment>
            caption="Payment attempts"
            stacked
            columns={[
              { key: 'when', header: 'Started', cell: (p) => formatDateTimeShort(p.created_at) },
              { key: 'method', header: 'Method', cell: (p) => paymentMethodLabel(p.method) },
              { key: 'ref', header: 'Reference', cell: (p) => <code>{p.provider_reference}</code> },
              {
                key: 'charge',
                header: 'Charge',
                cell: (p) => (p.charge_reference ? <code>{p.charge_reference}</code> : '—'),
              },
              { key: 'amount', header: 'Amount', cell: (p) => formatUsd(p.amount), numeric: true },
              { key: 'status', header: 'Status', cell: (p) => PAYMENT_STATUS[p.status] },
            ]}
            rows={order.payments}
            rowKey={(p) => String(p.id)}
          />
        ) : (
          <p className="b-muted">No payment was started.</p>
        )}
        {order.refunds.length > 0 ? (
          <Table<Refund>
            caption="Refunds"
            stacked
            columns={[
              { key: 'when', header: 'When', cell: (r) => formatDateTimeShort(r.created_at) },
              { key: 'amount', header: 'Amount', cell: (r) => formatUsd(r.amount), numeric: true },
              { key: 'reason', header: 'Reason', cell: (r) => r.reason },
              { key: 'by', header: 'By', cell: (r) => r.actor.label },
              {
                key: 'ref',
                header: 'Provider refund',
                cell: (r) => (r.provider_refund_id ? <code>{r.provider_refund_id}</code> : '—'),
              },
              { key: 'status', header: 'Status', cell: (r) => REFUND_STATUS[r.status] },
            ]}
            rows={order.refunds}
            rowKey={(r) => String(r.id)}
          />
        ) : null}
      </Section>
      <Section id="order-events" title="Timeline">
        <Timeline events={order.events} />
      </Section>
    </div>
  );
}

function NotFound({ failed }: { failed?: boolean }) {
  return (
    <div className="b-stack">
      <h1>{messages.admin.orderNotFound}</h1>
      {failed ? <Alert tone="error">{messages.orderScreens.loadOrderFailed}</Alert> : null}
      <p>{BACK}</p>
    </div>
  );
}

/** Reads ?id= and shows that order. */
export function OrderInfo() {
  const [params] = useSearchParams();
  const parsed = IdParam.safeParse(params.get('id') ?? undefined);
  const id = parsed.success ? parsed.data : 0;
  const order = useAdminOrder(id, { enabled: parsed.success });

  if (!parsed.success) return <NotFound />;
  if (order.isPending) return <p role="status">{messages.admin.loadingOrders}</p>;
  if (order.isError) {
    const missing =
      order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
    return <NotFound failed={!missing} />;
  }
  return <OrderDetails order={order.data.order} />;
}
