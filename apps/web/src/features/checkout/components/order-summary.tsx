/**
 * The server's order (GET api/orders/{id}/): its lines, subtotal, the first-print discount when it has one
 * (docs/decisions/0033), shipping, tax and total (@bindery/ui/order-amounts), and where it goes.
 * Every amount is the server's; a line's list price and total before discount are read off its total and
 * discount (@bindery/pricing lineBreakdown), never added up from rounded figures.
 */
import { categoryDisplayName } from '@bindery/pricing/products';
import { Table } from '@bindery/ui/table';
import type { Order, OrderItem } from '@bindery/contracts/store/checkout';
import { formatCents, parseCents } from '@bindery/pricing/money';
import { lineBreakdown, type LineBreakdown } from '@bindery/pricing/quote';
import { formatUsd } from '@bindery/ui/format';
import { OrderAddress } from '@bindery/ui/order-address';
import { OrderAmounts } from '@bindery/ui/order-amounts';
import { messages } from '@bindery/contracts/messages';
import { shippingServiceName } from '#lib/shipping-service-name.ts';
import { isPositiveAmount } from '../lib/amount';
import { isDigitalOrder } from '#lib/digital-order.ts';

interface OrderLine {
  item: OrderItem;
  /** Null for a line whose figures no quote gives (never from this server): its own per-book price is shown. */
  figures: LineBreakdown | null;
}

/**
 * A line's figures from @bindery/pricing: quantity × list price = before discount, less the discount = the line
 * total, each to the cent. The discounted per-book price is not shown: the discount is taken on the whole line, so
 * "499 × $20.04" next to a line total of $9,997.71 would not add up.
 */
function orderLine(item: OrderItem): OrderLine {
  try {
    return {
      item,
      figures: lineBreakdown(item.quantity, parseCents(item.line_total), parseCents(item.discount_amount)),
    };
  } catch {
    return { item, figures: null };
  }
}
const usd = (cents: number) => formatUsd(formatCents(cents));

export function OrderSummary({ order }: { order: Order }) {
  const { address: a, shipping_service: s } = order;
  // E-books alone: nothing is shipped, the address is the billing address (docs/decisions/0034).
  const digital = isDigitalOrder(order);
  return (
    <section className="b-card b-stack" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title">
        Order <span className="b-nowrap">{order.order_number}</span>
      </h2>
      <Table<OrderLine>
        caption="Books in this order"
        columns={[
          {
            key: 'title',
            header: 'Project',
            cell: (l) => `${l.item.title} (${categoryDisplayName(l.item.category)})`,
          },
          { key: 'qty', header: 'Quantity', cell: (l) => l.item.quantity, numeric: true },
          {
            key: 'each',
            header: 'List price',
            cell: (l) => (l.figures ? usd(l.figures.unitPriceCents) : formatUsd(l.item.cost_per_book)),
            numeric: true,
          },
          {
            key: 'before',
            header: 'Before discount',
            cell: (l) => (l.figures ? usd(l.figures.originalTotalCents) : '—'),
            numeric: true,
          },
          {
            key: 'discount',
            header: 'Bulk discount',
            cell: (l) =>
              isPositiveAmount(l.item.discount_amount) ? `−${formatUsd(l.item.discount_amount)}` : '—',
            numeric: true,
          },
          { key: 'line', header: 'Line total', cell: (l) => formatUsd(l.item.line_total), numeric: true },
        ]}
        rows={order.items.map(orderLine)}
        rowKey={(l) => String(l.item.project_id)}
        // Six columns do not fit the payment page's side box (290 px) or a phone: each book becomes a card there.
        stacked
      />
      <OrderAmounts
        amounts={order}
        shippingLabel={
          digital
            ? messages.orderAmounts.shippingNone
            : messages.orderAmounts.shippingBy(shippingServiceName(s), s.delivery_time)
        }
      />
      <p className="b-muted">{order.tax_reason}</p>
      <OrderAddress
        address={a}
        label={digital ? 'Billing address' : 'Delivery address'}
        heading={<strong>{digital ? 'Billing address' : 'Ships to'}</strong>}
      />
    </section>
  );
}
