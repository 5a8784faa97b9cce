/**
 * The "one more status" thought experiment (docs/decisions/0057), for the tests of every site that handles order
 * statuses: the lifecycle's statuses with one more, `rejected` (a printer refusing a file, as Lulu's REJECTED), in
 * a fixture table. It was `on_hold` until that status was added for real (docs/decisions/0072), which these
 * tests showed site by site. Each site's test walks ORDER_STATUSES through the site and expects nothing
 * unhandled, then walks WITH_REJECTED through the same check and expects exactly `rejected` back: the check would
 * point at the site if the status were added for real.
 * Test data only: no app code imports `@bindery/contracts/testing/*`.
 */
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  type TransitionRule,
} from '../order-lifecycle.js';

/** A status the app does not know, typed as one it does (as it would be once added to ORDER_STATUSES). */
export const REJECTED = 'rejected' as OrderStatus;

/** ORDER_STATUSES with `rejected` added at the end. */
export const WITH_REJECTED: readonly OrderStatus[] = [...ORDER_STATUSES, REJECTED];

/** The transition table with `rejected`: staff reject a paid order's file, then cancel it with a refund. */
export const TRANSITIONS_WITH_REJECTED: Readonly<Record<OrderStatus, readonly TransitionRule[]>> = {
  ...ORDER_TRANSITIONS,
  paid: [...ORDER_TRANSITIONS.paid, { to: REJECTED, by: ['staff'], requires: [], action: 'Reject' }],
  [REJECTED]: [{ to: 'canceled', by: ['staff'], requires: ['full_refund'], action: 'Cancel' }],
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
