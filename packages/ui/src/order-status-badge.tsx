/** An order's status in the one wording (order-lifecycle's orderStatusLabel) and colour both SPAs show it in. */
import { orderStatusLabel, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import { StatusBadge, type StatusTone } from './status-badge';

// Checked against the contract's enum: a new state without a colour fails the typecheck.
const TONES: Readonly<Record<OrderStatus, StatusTone>> = {
  awaiting_payment: 'warning',
  paid: 'info',
  in_production: 'progress',
  on_hold: 'warning',
  shipped: 'progress',
  delivered: 'success',
  canceled: 'neutral',
};

export const orderStatusTone = (status: OrderStatus) => TONES[status];

/** The status as a pill with its words ('In production'). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={orderStatusTone(status)}>{orderStatusLabel(status)}</StatusBadge>;
}
