/**
 * Order Details, /admin/order-info (§2): Basic Information, Technical Specifications and Uploaded Files of one
 * order. The order comes in navigation state from the list; after a reload (no state) it is found again in the
 * list by ?id= (docs/decisions/0017). Neither: 'Order Not Found' with 'Back to Orders'.
 */
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Card } from '@bindery/ui/card';
import { AdminOrder } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { useOrders } from '../api/get-orders';
import { formatDateTime, orderEmail, orderStatusLabel, orderTitle } from '../lib/order-format';
import { OrderFileActions } from './order-file-actions';

const BACK = (
  <Link className="b-btn b-btn--secondary" to="/admin/orders">
    {messages.admin.backToOrders}
  </Link>
);

function Facts({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <Card className="b-stack">
      <h2>{title}</h2>
      <dl className="b-quote">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

const orDash = (v: string | null) => v ?? '—';

export function OrderDetails({ order }: { order: AdminOrder }) {
  const base = orderTitle(order);
  return (
    <div className="b-stack">
      <div className="b-row" style={{ justifyContent: 'space-between' }}>
        <h1>{base}</h1>
        {BACK}
      </div>
      <Facts
        title="Basic Information"
        rows={[
          ['Title', base],
          ['Customer Email', orderEmail(order)],
          ['Category', order.category],
          ['Language', orDash(order.language)],
          ['Created', formatDateTime(order.created_at)],
          ['Order', order.order_id === null ? messages.admin.notOrdered : `#${order.order_id}: ${orderStatusLabel(order.order_status)}`],
          ['Quantity', String(order.quantity)],
        ]}
      />
      <Facts
        title="Technical Specifications"
        rows={[
          ['Page Count', `${order.page_count} pages`],
          ['Binding Type', orDash(order.binding_type)],
          ['Cover Finish', orDash(order.cover_finish)],
          ['Interior Color', orDash(order.interior_color)],
          ['Paper Type', orDash(order.paper_type)],
          ['Trim Size', orDash(order.trim_size)],
        ]}
      />
      <Card className="b-stack">
        <h2>Uploaded Files</h2>
        <section className="b-stack" aria-label="Book PDF">
          <h3>Book PDF</h3>
          <OrderFileActions path={order.pdf_file} label="book PDF" baseName={`${base} - interior`} />
        </section>
        <section className="b-stack" aria-label="Cover file">
          <h3>Cover File</h3>
          {order.cover_file ? (
            <OrderFileActions path={order.cover_file} label="cover file" baseName={`${base} - cover`} />
          ) : (
            <>
              {order.cover_description ? (
                <blockquote>
                  <p>{order.cover_description}</p>
                </blockquote>
              ) : null}
              <p className="b-muted">{messages.admin.noCoverFile}</p>
            </>
          )}
        </section>
      </Card>
    </div>
  );
}

/** Picks the order from navigation state, else from the list by ?id=. */
export function OrderInfo() {
  const location = useLocation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const fromState = AdminOrder.safeParse((location.state as { order?: unknown } | null)?.order);
  const stateOrder = fromState.success && (!id || fromState.data.id === id) ? fromState.data : undefined;
  const orders = useOrders({ enabled: !stateOrder && Number.isSafeInteger(id) && id > 0 });

  if (stateOrder) return <OrderDetails order={stateOrder} />;
  if (orders.isLoading) return <p role="status">{messages.admin.loadingOrders}</p>;
  const listed = orders.data?.find((o) => o.id === id);
  if (listed) return <OrderDetails order={listed} />;
  return (
    <div className="b-stack">
      <h1>{messages.admin.orderNotFound}</h1>
      {orders.isError ? <Alert tone="error">{messages.admin.loadOrdersFailed}</Alert> : null}
      <p>{BACK}</p>
    </div>
  );
}
