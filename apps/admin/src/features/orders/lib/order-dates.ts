/**
 * When an order reached each status, as Basic Information lists it: one row per status of the lifecycle, in its
 * order, from the field the lifecycle names (ORDER_STATUS_DATES). The placed status reads "Placed"; the others
 * their label. A new status needs a date field in the contract or the `satisfies` below fails the typecheck.
 */
import type { AdminOrderDetail } from '@bindery/contracts/admin/orders';
import {
  INITIAL_STATUS,
  ORDER_STATUSES,
  ORDER_STATUS_DATES,
  orderStatusLabel,
  type OrderStatus,
} from '@bindery/contracts/order-lifecycle';

const DATE_FIELDS = ORDER_STATUS_DATES satisfies Record<OrderStatus, keyof AdminOrderDetail>;

/** The term and date of `status` ('Paid', the time it was paid, or null while it has not been). */
export function statusDate(
  order: AdminOrderDetail,
  status: OrderStatus,
): { term: string; at: string | null } {
  return {
    term: status === INITIAL_STATUS ? 'Placed' : orderStatusLabel(status),
    at: order[DATE_FIELDS[status]],
  };
}

/** Every status the order reached, with its date, in the lifecycle's order. */
export const reachedDates = (order: AdminOrderDetail) =>
  ORDER_STATUSES.map((status) => statusDate(order, status)).filter(
    (d): d is { term: string; at: string } => d.at !== null,
  );
