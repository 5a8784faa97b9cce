/**
 * The "on hold" thought experiment (docs/decisions/0057), for the tests of every site that handles order
 * statuses: the lifecycle's statuses with one more, `on_hold`, in a fixture table. Each site's test walks
 * ORDER_STATUSES through the site and expects nothing unhandled, then walks WITH_ON_HOLD through the same check
 * and expects exactly `on_hold` back: the check would point at the site if the status were added for real.
 * Test data only: no app code imports `@bindery/contracts/testing/*`.
 */
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  type TransitionRule,
} from '../order-lifecycle.js';

/** A status the app does not know, typed as one it does (as it would be once added to ORDER_STATUSES). */
export const ON_HOLD = 'on_hold' as OrderStatus;

/** ORDER_STATUSES with `on_hold` added at the end. */
export const WITH_ON_HOLD: readonly OrderStatus[] = [...ORDER_STATUSES, ON_HOLD];

/** The transition table with `on_hold`: staff hold a paid order, then resume production or cancel with a refund. */
export const TRANSITIONS_WITH_ON_HOLD: Readonly<Record<OrderStatus, readonly TransitionRule[]>> = {
  ...ORDER_TRANSITIONS,
  paid: [...ORDER_TRANSITIONS.paid, { to: ON_HOLD, by: ['staff'], requires: [], action: 'Hold' }],
  [ON_HOLD]: [
    { to: 'in_production', by: ['staff'], requires: [], action: 'Resume production' },
    { to: 'canceled', by: ['staff'], requires: ['full_refund'], action: 'Cancel' },
  ],
};

/**
 * The statuses of `statuses` that `handle` does not handle: it throws (an exhaustive switch's unhandledStatus) or
 * gives undefined (a Record<OrderStatus, …> without the key).
 */
export function unhandledStatuses(
  statuses: readonly OrderStatus[],
  handle: (status: OrderStatus) => unknown,
): string[] {
  return statuses.filter((status) => {
    try {
      return handle(status) === undefined;
    } catch {
      return true;
    }
  });
}
