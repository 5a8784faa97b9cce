/**
 * The books of an order with their figures, the order's amounts (@bindery/ui/order-amounts: the first-print
 * discount, docs/decisions/0033, and refunds included), the tax reason and each refund. All the server's figures.
 */
import { categoryDisplayName } from '@bindery/pricing/products';
import { Table } from '@bindery/ui/table';
import { formatUsd } from '@bindery/ui/format';
import { OrderAmounts } from '@bindery/ui/order-amounts';
import { messages } from '@bindery/contracts/messages';
import type { Order, OrderItem, OrderItemSpecs } from '@bindery/contracts/store/checkout';
import { shippingServiceName } from '#lib/shipping-service-name.ts';
import { isDigitalOrder } from '#lib/digital-order.ts';
import { formatDate, isPositive } from '../lib/order-display';

export function OrderBooks({ order }: { order: Order }) {
  const digital = isDigitalOrder(order);
  return (
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
            cell: (i) =>
              `${i.title || messages.projects.untitled} (${categoryDisplayName(i.category)})${i.proof ? ` · ${messages.proofs.proofLine}` : ''}`,
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
      {order.items.map((i) => (i.specs ? <BookSpecs key={i.project_id} item={i} specs={i.specs} /> : null))}
      <OrderAmounts
        amounts={order}
        label="Amounts"
        shippingLabel={
          digital
            ? messages.orderAmounts.shippingNone
            : messages.orderAmounts.shippingBy(
                shippingServiceName(order.shipping_service),
                order.shipping_service.delivery_time,
              )
        }
        refunded={order.refunded}
      />
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
  );
}

/** A printed book as it was ordered (the server's specifications, ADR 0058): what the printer makes. */
function BookSpecs({ item, specs }: { item: OrderItem; specs: OrderItemSpecs }) {
  const title = item.title || messages.projects.untitled;
  const rows: [string, string | null][] = [
    ['Trim size', specs.trim_size],
    ['Binding', specs.binding],
    ['Paper', specs.paper_type],
    ['Interior color', specs.interior_color],
    ['Cover finish', specs.cover_finish],
    ...Object.entries(specs.extras),
    ['Pages', specs.page_count === null ? null : specs.page_count.toLocaleString('en-US')],
    ['Copies', item.quantity.toLocaleString('en-US')],
  ];
  return (
    <dl className="b-facts" aria-label={`Specifications of ${title}`}>
      {rows
        .filter((r): r is [string, string] => r[1] !== null)
        .map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
