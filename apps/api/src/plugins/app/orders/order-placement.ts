/**
 * The writes other modules make on an order (docs/decisions/0020): checkout's `placeWithin`, the payment code's
 * `payWithin` (in the transaction that completed the payment) and a project edit's or delete's
 * `cancelUnpaidWithin`. Each runs inside the caller's transaction; the caller passes the moves to `afterCommit`.
 */
import type { Transaction } from 'kysely';
import { messages } from '@bindery/contracts/messages';
import type { DB } from '#db/database.js';
import { orderPlacedMail } from './order-mails.js';
import type { OrderMoves } from './order-moves.js';
import { systemActor, type Moved, type OrderActorInput, type OrdersDeps } from './order-types.js';
import { isDigitalItem } from './order-views.js';
import {
  findOrderItems,
  insertEvent,
  insertOrder,
  type NewOrder,
  type NewOrderItem,
  type OrderItemRow,
  type OrderRow,
} from './orders.repository.js';

const m = messages.orders;

export function createOrderPlacement(
  deps: Pick<OrdersDeps, 'clock' | 'config' | 'outbox'>,
  moves: OrderMoves,
) {
  const { clock, config, outbox } = deps;
  const { attempt } = moves;

  /**
   * Checkout's order, inside its transaction: the customer's name and e-mail copied from the account (ADR 0008),
   * the expiry of the unpaid order, and the first event (placed by the customer).
   */
  async function placeWithin(
    trx: Transaction<DB>,
    userId: number,
    order: Omit<
      NewOrder,
      'user_id' | 'status' | 'customer_email' | 'customer_name' | 'created_at' | 'expires_at'
    >,
    items: readonly NewOrderItem[],
  ): Promise<{ order: OrderRow; items: OrderItemRow[]; placed: Moved }> {
    const customer = await trx
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + config.unpaidOrderTtlHours * 3600_000);
    const written = await insertOrder(
      trx,
      {
        ...order,
        user_id: userId,
        status: 'awaiting_payment',
        customer_email: customer.email,
        customer_name: customer.name,
        created_at: now,
        updated_at: now,
        expires_at: expiresAt,
      },
      items,
    );
    await insertEvent(trx, {
      order_id: written.order.id,
      from_status: null,
      to_status: 'awaiting_payment',
      actor_type: 'customer',
      actor_user_id: userId,
      actor_label: customer.name,
      created_at: now,
    });
    // The order placed mail with its pay link (ADR 0072); the caller passes `placed` to afterCommit.
    const mailId = await outbox.enqueue(
      trx,
      orderPlacedMail(moves.mailFacts(written.order), {
        totalCents: Number(written.order.total_cents),
        expiresAt: expiresAt,
        payUrl: `${config.webUrl}/payment?order=${written.order.id}`,
        printed: !written.items.every(isDigitalItem),
      }),
    );
    const placed: Moved = {
      order: written.order,
      from: 'awaiting_payment',
      mailIds: mailId === undefined ? [] : [mailId],
    };
    return { ...written, placed };
  }

  /**
   * The payment code's move to paid, inside the transaction that completed the payment. An order that no longer
   * awaits payment (paid the other way, canceled, expired) is not an error here: the money arrived anyway and the
   * caller decides what to do with it.
   */
  async function payWithin(
    trx: Transaction<DB>,
    orderId: number,
    method: 'card' | 'paypal',
  ): Promise<{ result: 'paid'; moved: Moved } | { result: 'order_not_payable' }> {
    const outcome = await attempt(trx, orderId, 'paid', { actor: systemActor, paymentMethod: method });
    if (!outcome.ok) return { result: 'order_not_payable' };
    // An order of e-books alone has nothing to print or ship: its files are ready now, so it is delivered in the
    // same transaction (the receipt says so; no second mail). Printed books take the production path.
    const items = await findOrderItems(trx, [orderId]);
    if (items.length === 0 || !items.every(isDigitalItem)) return { result: 'paid', moved: outcome.moved };
    const delivered = await attempt(trx, orderId, 'delivered', {
      actor: systemActor,
      note: m.filesReady,
      internal: false,
      notify: false,
    });
    if (!delivered.ok) throw delivered.error;
    return {
      result: 'paid',
      moved: {
        ...delivered.moved,
        from: outcome.moved.from,
        mailIds: outcome.moved.mailIds,
        webhookIds: [...(outcome.moved.webhookIds ?? []), ...(delivered.moved.webhookIds ?? [])],
      },
    };
  }

  /**
   * Cancels the given orders that still await payment, inside the caller's transaction (the customer deleted or
   * edited one of their books, or saved shipping again for them). No mail: the customer did it. Orders already
   * elsewhere are left alone. The caller passes what it returns to `afterCommit` once committed, which closes
   * their open payment attempts at the providers (ADR 0051).
   */
  async function cancelUnpaidWithin(
    trx: Transaction<DB>,
    orderIds: readonly number[],
    actor: OrderActorInput,
    note: string,
  ): Promise<Moved[]> {
    const moved: Moved[] = [];
    for (const id of orderIds) {
      const outcome = await attempt(trx, id, 'canceled', { actor, note, internal: false, notify: false });
      if (outcome.ok) moved.push(outcome.moved);
    }
    return moved;
  }

  return { placeWithin, payWithin, cancelUnpaidWithin };
}
