/** Where an order stands on its page: the progress line to delivery, and the status history with staff's notes. */
import type { Order } from '@bindery/contracts/store/checkout';
import { orderStatusLabel } from '@bindery/ui/order-status-badge';
import { PROGRESS, formatDate, formatDateTime } from '../lib/order-display';

export function Progress({ order }: { order: Order }) {
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

export function Timeline({ order }: { order: Order }) {
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
