/**
 * The server's order (GET api/orders/{id}/): its lines, subtotal, shipping, tax and total, and where it goes.
 * Every amount is the server's text; nothing is added up here.
 */
import { Table } from '@bindery/ui/table';
import type { Order, OrderItem } from '@bindery/contracts/store/checkout';
import { formatUsd } from '../../../lib/format-usd';
import { shippingServiceName } from '../../../lib/shipping-service-name';
import { isPositiveAmount } from '../lib/amount';

export function OrderSummary({ order }: { order: Order }) {
  const { address: a, shipping_service: s } = order;
  return (
    <section className="b-card b-stack" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">Order #{order.id}</h2>
      <Table<OrderItem>
        caption="Books in this order"
        columns={[
          { key: 'title', header: 'Project', cell: (i) => `${i.title} (${i.category})` },
          { key: 'qty', header: 'Quantity', cell: (i) => i.quantity, numeric: true },
          { key: 'each', header: 'Per book', cell: (i) => formatUsd(i.cost_per_book), numeric: true },
          { key: 'discount', header: 'Discount', cell: (i) => (isPositiveAmount(i.discount_amount) ? `−${formatUsd(i.discount_amount)}` : '—'), numeric: true },
          { key: 'line', header: 'Line total', cell: (i) => formatUsd(i.line_total), numeric: true },
        ]}
        rows={order.items}
        rowKey={(i) => String(i.project_id)}
      />
      <dl className="b-quote">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="order-subtotal">{formatUsd(order.subtotal)}</dd>
        </div>
        <div>
          <dt>
            Shipping ({shippingServiceName(s)}, {s.delivery_time})
          </dt>
          <dd data-testid="order-shipping">{formatUsd(order.shipping)}</dd>
        </div>
        <div>
          <dt>Tax ({order.tax_rate})</dt>
          <dd data-testid="order-tax">{formatUsd(order.tax)}</dd>
        </div>
        <div className="b-quote__total">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatUsd(order.total)}</dd>
        </div>
      </dl>
      <p className="b-muted">{order.tax_reason}</p>
      <address style={{ fontStyle: 'normal' }} aria-label="Delivery address">
        <strong>Ships to</strong>
        <br />
        {a.first_name} {a.last_name}
        {a.company ? `, ${a.company}` : ''}
        <br />
        {a.address}
        {a.apt_floor ? `, ${a.apt_floor}` : ''}
        <br />
        {a.city}, {a.state} {a.postal_code}, {a.country}
      </address>
    </section>
  );
}
