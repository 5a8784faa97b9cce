/**
 * What other modules read of an order, and the one event they record on its timeline (ADR 0056): the payment
 * code reads the amounts, currency and status it charges against, checkout compares a repeated submission's items,
 * refunds note an automatic refund. They ask here rather than import orders.repository.ts, so the orders module
 * stays the one owner of its tables. A function named `…Within` takes the caller's transaction (ADR 0050: never a
 * second handle inside one).
 */
import type { Kysely, Transaction } from 'kysely';
import type { OrderActorType } from '@bindery/contracts/order-lifecycle';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import {
  findOrder,
  findOrderItems,
  findUserOrder,
  insertEvent,
  type OrderEventRow,
  type OrderItemRow,
  type OrderRow,
} from './orders.repository.js';

export type { NewOrderItem, OrderItemRow, OrderRow } from './orders.repository.js';

/** A note on the timeline that moves nothing: from and to are the order's status now. */
export interface OrderNote {
  actor: { type: OrderActorType; userId: number | null; label: string };
  note: string;
  internal: boolean;
}

export function createOrderFacts(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;

  /** The stored order, or undefined. */
  function row(orderId: number): Promise<OrderRow | undefined> {
    return findOrder(db, orderId);
  }

  /** The stored order, read in the caller's transaction. */
  function rowWithin(trx: Transaction<DB>, orderId: number): Promise<OrderRow | undefined> {
    return findOrder(trx, orderId);
  }

  /** One of the customer's orders; another user's order is undefined, as an unknown one. */
  function customerRow(userId: number, orderId: number): Promise<OrderRow | undefined> {
    return findUserOrder(db, userId, orderId);
  }

  /** The items of these orders. */
  function itemRows(orderIds: readonly number[]): Promise<OrderItemRow[]> {
    return findOrderItems(db, orderIds);
  }

  /** The items of these orders, read in the caller's transaction. */
  function itemRowsWithin(trx: Transaction<DB>, orderIds: readonly number[]): Promise<OrderItemRow[]> {
    return findOrderItems(trx, orderIds);
  }

  /** Writes a note on the order's timeline without moving it (an automatic refund, say). */
  function recordNote(order: Pick<OrderRow, 'id' | 'status'>, note: OrderNote): Promise<OrderEventRow> {
    return recordNoteWithin(db, order, note);
  }

  /** The same, in the caller's transaction (a refund's event commits with the refund's outcome). */
  function recordNoteWithin(
    trx: Kysely<DB> | Transaction<DB>,
    order: Pick<OrderRow, 'id' | 'status'>,
    note: OrderNote,
  ): Promise<OrderEventRow> {
    return insertEvent(trx, {
      order_id: order.id,
      from_status: order.status,
      to_status: order.status,
      actor_type: note.actor.type,
      actor_user_id: note.actor.userId,
      actor_label: note.actor.label,
      note: note.note,
      internal: note.internal,
      created_at: clock.now(),
    });
  }

  return { row, rowWithin, customerRow, itemRows, itemRowsWithin, recordNote, recordNoteWithin };
}
