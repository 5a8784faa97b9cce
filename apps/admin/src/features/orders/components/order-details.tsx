/**
 * One order as staff see it (order-info.tsx reads it): the header with its status and total, the actions the
 * status allows, the customer and the order's times, each book, the shipment, the amounts with the tax reason, the
 * payment, the invoice and credit notes (ADR 0075) and the event timeline.
 */
import type { AdminOrderDetail } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { OrderAmounts } from '@bindery/ui/order-amounts';
import { orderStatusLabel } from '@bindery/contracts/order-lifecycle';
import { OrderStatusBadge } from '@bindery/ui/order-status-badge';
import { reachedDates } from '../lib/order-dates';
import { customerEmail, formatDateTime, formatDateTimeShort, formatUsd } from '../lib/order-format';
import { OrderNotes } from './order-notes';
import { OrderActions } from './order-actions';
import { OrderInvoices } from './order-invoices';
import { BookItem } from './order-book-item';
import { BACK, Facts, Section, type Fact } from './order-facts';
import { PaymentSection } from './order-payment';
import { ShippingSection } from './order-shipping';
import { Timeline } from './order-timeline';

export function OrderDetails({ order }: { order: AdminOrderDetail }) {
  const when: Fact[] = [
    ...reachedDates(order).map(({ term, at }): Fact => [term, formatDateTime(at)]),
    ...(order.expires_at === null ? [] : [['Expires if unpaid', formatDateTime(order.expires_at)] as Fact]),
  ];

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
          <BookItem key={item.project_id} item={item} index={i} orderedAt={order.created_at} />
        ))}
      </Section>
      <ShippingSection order={order} />
      <Section id="order-amounts" title="Amounts">
        <OrderAmounts amounts={order} />
        <p className="b-muted" style={{ margin: 0 }}>
          {messages.orderAmounts.taxReason(order.tax_reason)}
        </p>
      </Section>
      <PaymentSection order={order} />
      <OrderInvoices order={order} />
      <OrderNotes orderId={order.id} />
      <Section id="order-events" title="Timeline">
        <Timeline events={order.events} />
      </Section>
    </div>
  );
}
