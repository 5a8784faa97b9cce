/**
 * The orders module (docs/decisions/0020): the one place that writes an order's status.
 *
 * `createOrders({ db, clock, outbox, config, refunder?, attempts?, copyProjects?, invoicer? })` returns plain
 * functions (`invoicer`: the invoices module, which issues the invoice in the move to paid, ADR 0075),
 * built from one file per verb:
 * - order-moves.ts: `transition` / `transitionWithin` (any move of the lifecycle table) and `afterCommit`;
 * - order-placement.ts: `placeWithin` (checkout creates an order in its transaction), `payWithin` (the payment
 *   code, in the transaction that completes the payment), `cancelUnpaidWithin` (a customer's edit or delete);
 * - order-staff.ts: `changeStatus` (staff, from the admin console), the admin's list and detail;
 * - order-customer.ts: the customer's orders (page, one, lookup by number, overview, downloads) and `reorder`;
 * - order-hold.ts (ADR 0072): a replacement file while on hold, the customer's cancel and address change within
 *   the cancel window, and the hold reminders' job;
 * - order-difference.ts (ADR 0077): a hold's higher price difference, to pay and settled by the payments module;
 * - order-facts.ts (ADR 0056): what other modules read (`row`, `customerRow`, `itemRows`, `…Within`) and
 *   `recordNote` on the timeline;
 * - unpaid-expiry.ts: `expireDue`, the expiry job's run.
 * The module never imports Fastify; it refuses with DomainError.
 */
import { createOrderCustomer } from './order-customer.js';
import { createOrderDifference } from './order-difference.js';
import { createOrderProof } from './order-proof.js';
import { createOrderFacts } from './order-facts.js';
import { createOrderHold } from './order-hold.js';
import { createOrderMoves } from './order-moves.js';
import { createOrderPlacement } from './order-placement.js';
import { createOrderStaff } from './order-staff.js';
import { systemActor, type OrdersDeps } from './order-types.js';
import { expireUnpaid } from './unpaid-expiry.js';

export type { NewOrderItem, OrderItemRow, OrderNote, OrderRow } from './order-facts.js';
export type { AdminListQuery } from './order-staff.js';
export {
  systemActor,
  type Moved,
  type OrderActorInput,
  type OrderAttemptsCloser,
  type OrderInvoicer,
  type OrderRefunder,
  type OrdersConfig,
  type OrdersDeps,
  type ProjectCopier,
  type TransitionOptions,
} from './order-types.js';

export type OrdersModule = ReturnType<typeof createOrders>;

export function createOrders(deps: OrdersDeps) {
  const { db, clock, config } = deps;
  const moves = createOrderMoves(deps);
  const customer = createOrderCustomer(deps);
  const { transition, transitionWithin, afterCommit } = moves;

  /** The expiry job (unpaid-expiry.ts): unpaid orders past their time, closed at the providers and canceled. */
  async function expireDue(now: Date): Promise<Record<string, number>> {
    const attempts = deps.attempts;
    // Canceling without closing the attempts could leave a session that still takes money.
    if (!attempts) throw new Error('the expiry of unpaid orders needs the payments module (deps.attempts)');
    return expireUnpaid(
      {
        db,
        closeOrderAttempts: (orderId) => attempts.closeOrderAttempts(orderId),
        cancel: (orderId, note) =>
          transition(orderId, 'canceled', { actor: systemActor, note, internal: false }),
        unpaidOrderTtlHours: config.unpaidOrderTtlHours,
      },
      now,
    );
  }

  return {
    ...createOrderFacts({ db, clock }),
    expireDue,
    // writes
    transition,
    transitionWithin,
    afterCommit,
    ...createOrderPlacement(deps, moves),
    // staff: changeStatus, adminList, adminDetail
    ...createOrderStaff(deps, moves),
    // the customer: myOrders, myOrder, lookup, overview, reorder, downloadOwner
    ...customer,
    // on hold and the cancel window: replaceFile, cancelMine, changeAddress, remindHeld (ADR 0072)
    ...createOrderHold(deps, moves, customer.orderOf),
    // a hold's higher difference: differenceToPay, payDifferenceWithin (ADR 0077)
    ...createOrderDifference(deps),
    // a proof copy approved by its customer (ADR 0078)
    ...createOrderProof(deps),
  };
}
