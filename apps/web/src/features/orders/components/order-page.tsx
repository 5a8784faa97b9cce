/**
 * The customer's order page, /orders/:id (issue 10 item 4; ADR 0030), linked from the cart's order list, the
 * dashboard, the success page and every order mail: where the order stands (a progress line and the status
 * timeline with the notes staff shared), the carrier and tracking link, the books, the address, the amounts with
 * refunds, and a printable receipt (the print stylesheet leaves the page's chrome and buttons out). An unpaid
 * order offers its payment page; a paid one can be ordered again (same files, new copies, new address → /shop).
 * Another customer's order, or an unknown one, is 'Order not found.' (the server answers 404 for both). A paid
 * order's e-books offer their files (Downloads); an order of e-books alone ships nothing and is not reordered.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '@bindery/api-client';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { Spinner } from '@bindery/ui/spinner';
import { Table } from '@bindery/ui/table';
import { messages } from '@bindery/contracts/messages';
import type { Order, OrderItem } from '@bindery/contracts/store/checkout';
import { formatUsd } from '@bindery/ui/format';
import { shippingServiceName } from '#lib/shipping-service-name.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import { useOrder } from '../api/get-order';
import { useReorder } from '../api/reorder';
import {
  PROGRESS,
  formatDate,
  formatDateTime,
  isPaidStatus,
  isDigitalOrder,
  isPositive,
} from '../lib/order-display';
import { OrderDownloads } from './order-downloads';
import { OrderStatusBadge, orderStatusLabel } from '@bindery/ui/order-status-badge';
import { TrackingLink } from './tracking-link';
import '../orders.css';

const s = messages.orderScreens;

function Progress({ order }: { order: Order }) {
  if (order.status === 'canceled') return null;
  const reached = PROGRESS.indexOf(order.status);
  const at = (status: string) => order.timeline.findLast((t) => t.status === status)?.at ?? null;
  return (
    <ol className="b-progress" aria-label="Order progress">
      {PROGRESS.map((status, i) => {
        const done = i <= reached;
        return (
          <li
            key={status}
            className={done ? 'is-done' : undefined}
            aria-current={i === reached ? 'step' : undefined}
          >
            <span className="b-progress__label">{orderStatusLabel(status)}</span>
            <span className="b-muted">{done ? formatDate(at(status)) : 'Not yet'}</span>
          </li>
        );
      })}
    </ol>
  );
}

function Timeline({ order }: { order: Order }) {
  return (
    <ol className="b-timeline" aria-label="Status history, oldest first">
      {order.timeline.map((t, i) => (
        <li key={`${t.at}-${i}`}>
          <strong>
            {t.from === null ? `Order placed: ${orderStatusLabel(t.status)}` : orderStatusLabel(t.status)}
          </strong>{' '}
          <span className="b-muted">
            <time dateTime={t.at}>{formatDateTime(t.at)}</time>
          </span>
          {t.note ? <p style={{ margin: 0 }}>{t.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

function Reorder({ order, userId }: { order: Order; userId: number }) {
  const navigate = useNavigate();
  const again = useReorder(userId, order.id);
  const [copies, setCopies] = useState<Record<number, string>>(() =>
    Object.fromEntries(order.items.map((i) => [i.project_id, String(i.quantity)])),
  );
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: React.SubmitEvent) => {
    e.preventDefault();
    setProblem(null);
    const items = order.items.map((i) => ({
      project_id: i.project_id,
      text: (copies[i.project_id] ?? '').trim(),
    }));
    if (items.some((i) => !/^\d{1,6}$/.test(i.text))) {
      setProblem(s.reorderNone);
      return;
    }
    const wanted = items
      .map((i) => ({ project_id: i.project_id, quantity: Number(i.text) }))
      .filter((i) => i.quantity > 0);
    if (wanted.length === 0) {
      setProblem(s.reorderNone);
      return;
    }
    again.mutate(
      { items: wanted },
      {
        onSuccess: () => void navigate('/shop'),
        onError: (error) =>
          setProblem(error instanceof ApiError && error.body ? error.body.error : s.reorderFailed),
      },
    );
  };

  return (
    <section className="b-card b-stack b-no-print" aria-labelledby="reorder">
      <h2 id="reorder">{s.reorderTitle}</h2>
      <p className="b-muted" style={{ margin: 0 }}>
        {s.reorderHint}
      </p>
      <form className="b-stack" onSubmit={submit} noValidate>
        {order.items.map((i) => (
          <div className="b-field" key={i.project_id}>
            <label className="b-label" htmlFor={`copies-${i.project_id}`}>
              Copies of {i.title || messages.projects.untitled}
            </label>
            <input
              id={`copies-${i.project_id}`}
              className="b-input"
              type="number"
              inputMode="numeric"
              min={0}
              max={100000}
              step={1}
              value={copies[i.project_id] ?? ''}
              onChange={(e) => setCopies((c) => ({ ...c, [i.project_id]: e.target.value }))}
              style={{ maxWidth: '10rem' }}
            />
          </div>
        ))}
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="b-row">
          <Button type="submit" variant="accent" busy={again.isPending}>
            {s.reorderButton}
          </Button>
        </div>
      </form>
    </section>
  );
}

export function OrderDetails({ order, userId }: { order: Order; userId: number }) {
  const a = order.address;
  const shipped = order.tracking_number !== null || order.tracking_url !== null;
  const digital = isDigitalOrder(order);
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

      <OrderDownloads order={order} />

      <section className="b-card b-stack" aria-labelledby="order-books">
        <h2 id="order-books">Books</h2>
        <Table<OrderItem>
          caption="Books in this order"
          captionHidden
          stacked
          columns={[
            {
              key: 'title',
              header: 'Book',
              cell: (i) => `${i.title || messages.projects.untitled} (${i.category})`,
            },
            { key: 'qty', header: 'Copies', cell: (i) => i.quantity.toLocaleString('en-US'), numeric: true },
            { key: 'each', header: 'Per book', cell: (i) => formatUsd(i.cost_per_book), numeric: true },
            {
              key: 'discount',
              header: 'Discount',
              cell: (i) => (isPositive(i.discount_amount) ? `−${formatUsd(i.discount_amount)}` : '—'),
              numeric: true,
            },
            { key: 'line', header: 'Line total', cell: (i) => formatUsd(i.line_total), numeric: true },
          ]}
          rows={order.items}
          rowKey={(i) => String(i.project_id)}
        />
        <dl className="b-quote" aria-label="Amounts">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatUsd(order.subtotal)}</dd>
          </div>
          {isPositive(order.discount) ? (
            <div>
              {/* The order's own discount is the first-print discount (docs/decisions/0033). */}
              <dt>First-print discount</dt>
              <dd>−{formatUsd(order.discount)}</dd>
            </div>
          ) : null}
          <div>
            <dt>
              {digital
                ? 'Shipping (none: download)'
                : `Shipping (${shippingServiceName(order.shipping_service)}, ${order.shipping_service.delivery_time})`}
            </dt>
            <dd>{formatUsd(order.shipping)}</dd>
          </div>
          <div>
            <dt>Tax ({order.tax_rate})</dt>
            <dd>{formatUsd(order.tax)}</dd>
          </div>
          <div className="b-quote__total">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatUsd(order.total)}</dd>
          </div>
          {isPositive(order.refunded) ? (
            <div>
              <dt>Refunded</dt>
              <dd>−{formatUsd(order.refunded)}</dd>
            </div>
          ) : null}
        </dl>
        <p className="b-muted" style={{ margin: 0 }}>
          {order.tax_reason}
        </p>
        {order.refunds.length > 0 ? (
          <ul aria-label="Refunds" style={{ margin: 0 }}>
            {order.refunds.map((r, i) => (
              <li key={`${r.created_at}-${i}`}>
                {formatUsd(r.amount)} refunded on {formatDate(r.created_at)}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="b-card b-stack" aria-labelledby="order-delivery">
        <h2 id="order-delivery">Delivery and payment</h2>
        <dl className="b-facts">
          <dt>{digital ? 'Billing address' : 'Ships to'}</dt>
          <dd>
            <address style={{ fontStyle: 'normal' }}>
              {a.first_name} {a.last_name}
              {a.company ? `, ${a.company}` : ''}
              <br />
              {a.address}
              {a.apt_floor ? `, ${a.apt_floor}` : ''}
              <br />
              {a.city}, {a.state} {a.postal_code}, {a.country}
            </address>
          </dd>
          <dt>Service</dt>
          <dd>
            {shippingServiceName(order.shipping_service)} ({order.shipping_service.delivery_time})
          </dd>
          <dt>Payment</dt>
          <dd>
            {order.payment_method === 'card'
              ? 'Card'
              : order.payment_method === 'paypal'
                ? 'PayPal'
                : 'Not paid'}
            {order.paid_at ? `, ${formatDateTime(order.paid_at)}` : ''}
          </dd>
        </dl>
      </section>

      {isPaidStatus(order.status) && !digital ? <Reorder order={order} userId={userId} /> : null}
    </div>
  );
}

export function OrderPage({ orderId, userId }: { orderId: number | null; userId: number }) {
  const order = useOrder(orderId ?? 0, { enabled: orderId !== null });
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
  return <OrderDetails order={order.data.order} userId={userId} />;
}
