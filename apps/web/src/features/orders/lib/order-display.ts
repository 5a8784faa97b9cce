/** How the customer's order screens print dates and steps (statuses: the lifecycle's labels, one wording with the admin). */
import { formatWhen } from '@bindery/ui/format';
import { ORDER_STATUSES, type OrderStatus } from '@bindery/contracts/order-lifecycle';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Nov 22, 2026'. */
export const formatDate = (iso: string | null | undefined) => formatWhen(dateFormat, iso);
/** 'Nov 22, 2026, 10:05 AM'. */
export const formatDateTime = (iso: string | null | undefined) => formatWhen(dateTimeFormat, iso);

/** A money text the server sent is more than zero ("0.00" is not). */
export const isPositive = (amount: string) => /[1-9]/.test(amount);

/**
 * Where each status stands on the progress line of the order page (null: off the line, the line is not shown).
 * One entry per status: a new status fails the typecheck here until it is given its place (docs/decisions/0057).
 */
const PROGRESS_STEP = {
  awaiting_payment: 0,
  paid: 1,
  in_production: 2,
  // Off the line while held: the order page shows what is wrong instead (docs/decisions/0072).
  on_hold: null,
  shipped: 3,
  delivered: 4,
  canceled: null,
} as const satisfies Record<OrderStatus, number | null>;

export const progressStep = (status: OrderStatus): number | null => PROGRESS_STEP[status];

/** The steps an order goes through to delivery, in order. */
export const PROGRESS: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => progressStep(s) !== null).sort(
  (a, b) => (progressStep(a) ?? 0) - (progressStep(b) ?? 0),
);
