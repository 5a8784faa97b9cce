/** An order's status as a pill with its words ('In production'). */
import { StatusBadge } from '@bindery/ui/status-badge';
import type { OrderStatus } from '@bindery/contracts/store/checkout';
import { orderStatusLabel, orderStatusTone } from '../lib/order-format';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={orderStatusTone(status)}>{orderStatusLabel(status)}</StatusBadge>;
}
