/** The parcel's tracking link (opens the carrier's page in a new tab), or the number alone when there is no link. */
import type { Order } from '@bindery/contracts/store/checkout';
import { messages } from '@bindery/contracts/messages';

export function TrackingLink({
  order,
  label = messages.orderScreens.trackParcel,
}: {
  order: Pick<Order, 'carrier' | 'tracking_number' | 'tracking_url' | 'order_number'>;
  label?: string;
}) {
  if (order.tracking_url) {
    return (
      <a
        href={order.tracking_url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${label}: order ${order.order_number} (opens in a new tab)`}
      >
        {label}
      </a>
    );
  }
  if (order.tracking_number)
    return <span>{[order.carrier, order.tracking_number].filter(Boolean).join(' ')}</span>;
  return <span className="b-muted">—</span>;
}
