/** An order's status as a pill with its words. */
import { StatusBadge } from '@bindery/ui/status-badge';
import type { OrderStatus } from '@bindery/contracts/order-lifecycle';
import { statusLabel, statusTone } from '../lib/order-display';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={statusTone(status)}>{statusLabel(status)}</StatusBadge>;
}
