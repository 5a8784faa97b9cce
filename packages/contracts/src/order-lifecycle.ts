/**
 * The order lifecycle as data (docs/decisions/0020-order-lifecycle.md): one table of the allowed moves, read by
 * the API (the orders module refuses anything else with a 409 naming both statuses), by the admin console (which
 * actions an order offers) and by the tests (every allowed and every forbidden pair).
 *
 *   awaiting_payment ──▶ paid ──▶ in_production ──▶ shipped ──▶ delivered
 *          │               │ │ ▲        │ ▲                        ▲
 *          │               │ ▼ │        ▼ │   on_hold: a file problem; released back to where it was
 *          │               │ on_hold ◀──┘ │   (docs/decisions/0072)
 *          └──▶ canceled ◀─┴─┼──────────┴── (and from on_hold)       │
 *                            └── e-books only: files ready at payment ┘
 *
 * Each rule says who may make the move and what it needs; the module checks the needs (a completed payment, a
 * carrier and tracking number, a refund) before its guarded `UPDATE … WHERE status = from`, and runs the effects
 * (mail) after the commit. Pure TypeScript: no zod, no I/O, so the SPAs can import it cheaply.
 * @see vendure-ecommerce/vendure packages/core/src/config/order/order-process.ts (the pattern)
 */
import { messages } from './messages.js';

export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'in_production',
  'on_hold',
  'shipped',
  'delivered',
  'canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Who moves an order: `system` (the payment webhook or capture, the expiry and reconciliation jobs), `staff` (an
 * admin in the console), `customer` (the buyer, e.g. by deleting or editing a project of an unpaid order).
 */
export const ORDER_ACTORS = ['system', 'staff', 'customer'] as const;
export type OrderActorType = (typeof ORDER_ACTORS)[number];

/**
 * What a move needs besides the current status:
 * - `payment`: a completed payment of the order's total (only the payment code moves an order to paid);
 * - `carrier`, `tracking_number`: given with the move (a 400 naming the field when missing);
 * - `full_refund`: the money paid has been refunded in full (a cancel after payment refunds what is left);
 * - `refund`: some money has been refunded (a cancel during production may keep what production cost);
 * - `digital`: every item of the order is a digital product (e-books: nothing to print or ship, the files are
 *   ready to download once paid; docs/decisions/0034);
 * - `production_delay`: the production delay after payment has passed (PRODUCTION_DELAY_MINUTES: the customer's
 *   cancel window; docs/decisions/0072);
 * - `cancel_window`: for the customer, the production delay has NOT passed yet (staff and the system: always);
 * - `hold_reason`: a reason from HOLD_REASONS and a message for the customer (order-hold.ts);
 * - `held_from`: a hold is released only back to the status the order was held from.
 */
export type TransitionRequirement =
  | 'payment'
  | 'carrier'
  | 'tracking_number'
  | 'full_refund'
  | 'refund'
  | 'digital'
  | 'production_delay'
  | 'cancel_window'
  | 'hold_reason'
  | 'held_from';

export interface TransitionRule {
  readonly to: OrderStatus;
  /** Who may make this move. */
  readonly by: readonly OrderActorType[];
  readonly requires: readonly TransitionRequirement[];
  /** The admin console's button for it (staff moves only). */
  readonly action?: string;
}

const a = messages.orders.actions;

/** The one transition table. A status missing from a list cannot follow; delivered and canceled are final. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly TransitionRule[]>> = {
  awaiting_payment: [
    { to: 'paid', by: ['system'], requires: ['payment'] },
    { to: 'canceled', by: ['customer', 'staff', 'system'], requires: [], action: a.cancel },
  ],
  paid: [
    { to: 'in_production', by: ['staff'], requires: ['production_delay'], action: a.startProduction },
    // Made by the payment itself, in its transaction: an order of e-books alone is delivered as its files.
    { to: 'delivered', by: ['system'], requires: ['digital'] },
    { to: 'on_hold', by: ['staff'], requires: ['hold_reason'], action: a.hold },
    // The customer only within the cancel window (docs/decisions/0072), refunded in full first.
    {
      to: 'canceled',
      by: ['staff', 'system', 'customer'],
      requires: ['full_refund', 'cancel_window'],
      action: a.cancel,
    },
  ],
  in_production: [
    { to: 'shipped', by: ['staff'], requires: ['carrier', 'tracking_number'], action: a.markShipped },
    { to: 'on_hold', by: ['staff'], requires: ['hold_reason'], action: a.hold },
    { to: 'canceled', by: ['staff'], requires: ['refund'], action: a.cancel },
  ],
  // A file problem (docs/decisions/0072): released back to where it was held from, or canceled with a refund.
  on_hold: [
    { to: 'paid', by: ['staff'], requires: ['held_from'], action: a.releaseHold },
    { to: 'in_production', by: ['staff'], requires: ['held_from'], action: a.releaseHold },
    { to: 'canceled', by: ['staff'], requires: ['full_refund'], action: a.cancel },
  ],
  shipped: [{ to: 'delivered', by: ['staff', 'system'], requires: [], action: a.markDelivered }],
  delivered: [],
  canceled: [],
};

/** The rule for a move, or undefined when the table does not allow it. */
export function transitionRule(from: OrderStatus, to: OrderStatus): TransitionRule | undefined {
  return ORDER_TRANSITIONS[from].find((rule) => rule.to === to);
}

/** Whether the table allows `from → to` (for `actor`, when given). */
export function canTransition(from: OrderStatus, to: OrderStatus, actor?: OrderActorType): boolean {
  const rule = transitionRule(from, to);
  return rule !== undefined && (actor === undefined || rule.by.includes(actor));
}

/** The statuses that may follow `from` (for `actor`, when given), in the table's order. */
export function nextStatuses(from: OrderStatus, actor?: OrderActorType): OrderStatus[] {
  return ORDER_TRANSITIONS[from]
    .filter((rule) => actor === undefined || rule.by.includes(actor))
    .map((r) => r.to);
}

/** The moves an actor may start from `from`, with their rules (the console's buttons for `staff`). */
export function availableTransitions(from: OrderStatus, actor: OrderActorType): TransitionRule[] {
  return ORDER_TRANSITIONS[from].filter((rule) => rule.by.includes(actor));
}

/** No move leaves these. */
export const isFinalStatus = (status: OrderStatus): boolean => ORDER_TRANSITIONS[status].length === 0;

/** The status an order is placed in (the API's insert; no move of the table leads back to it). */
export const INITIAL_STATUS = 'awaiting_payment' satisfies OrderStatus;

type Moves<S extends string> = Readonly<Record<S, readonly { readonly to: S }[]>>;

/** The statuses an order can reach from `from` through the table, never passing through `avoid`. */
function reachable<S extends string>(table: Moves<S>, from: S, avoid?: S): Set<S> {
  const seen = new Set<S>([from]);
  const queue: S[] = [from];
  for (let status = queue.shift(); status !== undefined; status = queue.shift()) {
    for (const { to } of table[status]) {
      if (to === avoid || seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  }
  return seen;
}

/**
 * The statuses an order reaches only through `paid`: its money has been taken. Derived from a table (exported
 * for the "on hold" test, docs/decisions/0057), so a status added after `paid` counts as paid without a list to
 * edit; canceled is reached from awaiting_payment too, so it never counts.
 */
export function paidStatusesOf<S extends string>(table: Moves<S>, initial: S, paid: S): S[] {
  const all = reachable(table, initial);
  const withoutPaying = reachable(table, initial, paid);
  return (Object.keys(table) as S[]).filter((status) => all.has(status) && !withoutPaying.has(status));
}

/**
 * The statuses whose cancel needs money given back first (`full_refund` or `refund`): a refund that leaves
 * nothing of such an order cancels it. Derived from a table, as paidStatusesOf.
 */
export function cancelableWithRefundOf<S extends string>(
  table: Readonly<Record<S, readonly { readonly to: S; readonly requires: readonly string[] }[]>>,
): S[] {
  return (Object.keys(table) as S[]).filter((status) =>
    table[status].some(
      (rule) => rule.to === 'canceled' && rule.requires.some((r) => r === 'full_refund' || r === 'refund'),
    ),
  );
}

/** Statuses in which the order's money has been taken (and its projects are ordered): paid and all after it. */
export const PAID_STATUSES: readonly OrderStatus[] = paidStatusesOf(
  ORDER_TRANSITIONS,
  INITIAL_STATUS,
  'paid',
);
export const isPaidStatus = (status: OrderStatus): boolean => PAID_STATUSES.includes(status);

/** Statuses whose cancel gives the money back first (paid, in production): a full refund cancels them. */
export const CANCELABLE_WITH_REFUND: readonly OrderStatus[] = cancelableWithRefundOf(ORDER_TRANSITIONS);
export const isCancelableWithRefund = (status: OrderStatus): boolean =>
  CANCELABLE_WITH_REFUND.includes(status);

/**
 * When an order reached each status: the field of the same name on the order (the API's column, the admin
 * contract's field). The placed date is when it reached the status it is placed in.
 */
export const ORDER_STATUS_DATES = {
  awaiting_payment: 'created_at',
  paid: 'paid_at',
  in_production: 'in_production_at',
  on_hold: 'on_hold_at',
  shipped: 'shipped_at',
  delivered: 'delivered_at',
  canceled: 'canceled_at',
} as const satisfies Record<OrderStatus, `${string}_at`>;
export type OrderStatusDateField = (typeof ORDER_STATUS_DATES)[OrderStatus];

/**
 * The `default:` of a switch over statuses: `status` is `never` once every status has its case, so a new status
 * fails the typecheck there, and at run time (a value the types did not foresee) it throws rather than hides it.
 */
export function unhandledStatus(status: never): never {
  throw new Error(`Unhandled order status: ${String(status)}`);
}

/** A status as people read it ("In production"). */
export const orderStatusLabel = (status: OrderStatus): string => messages.orderStatus[status];

/** The 409 text of a move the table (or a concurrent move) does not allow, naming both statuses. */
export function transitionRefusedText(orderNumber: string, from: OrderStatus, to: OrderStatus): string {
  return from === to
    ? messages.orders.alreadyInStatus(orderNumber, orderStatusLabel(from).toLowerCase())
    : messages.orders.transitionNotAllowed(
        orderNumber,
        orderStatusLabel(from).toLowerCase(),
        orderStatusLabel(to).toLowerCase(),
      );
}
