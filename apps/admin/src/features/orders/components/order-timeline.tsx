/** The order's events, oldest first: each move, when and by whom, and its note (staff only or shown to the customer). */
import type { OrderEvent } from '@bindery/contracts/admin/orders';
import { orderStatusLabel } from '@bindery/contracts/order-lifecycle';
import { formatDateTimeShort } from '../lib/order-format';

export function Timeline({ events }: { events: OrderEvent[] }) {
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
