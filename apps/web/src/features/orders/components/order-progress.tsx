/** Where an order stands on its page: the progress line to delivery, and the status history with staff's notes. */
import { orderStatusLabel } from '@bindery/contracts/order-lifecycle';
import type { Order } from '@bindery/contracts/store/checkout';
import { PROGRESS, formatDate, formatDateTime, progressStep } from '../lib/order-display';

export function Progress({ order }: { order: Order }) {
  const reached = progressStep(order.status);
  if (reached === null) return null;
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
