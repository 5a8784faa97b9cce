/**
 * What a deleted account means for its orders (docs/decisions/0074): every order still awaiting payment is canceled
 * through the one transition table (an order_events row each, no mail: the customer is leaving), inside the
 * deletion's transaction; paid orders are kept as they are, with their own copy of the buyer and the address.
 */
import type { Transaction } from 'kysely';
import { messages } from '@bindery/contracts/messages';
import type { DB } from '#db/database.js';
import { lockUnpaidOrdersOfCustomer } from './customer-leaving.repository.js';
import type { Moved, OrderActorInput, OrdersModule } from './orders.service.js';

export async function cancelUnpaidOfCustomerWithin(
  orders: Pick<OrdersModule, 'cancelUnpaidWithin'>,
  trx: Transaction<DB>,
  userId: number,
  actor: OrderActorInput,
): Promise<Moved[]> {
  const ids = await lockUnpaidOrdersOfCustomer(trx, userId);
  return orders.cancelUnpaidWithin(trx, ids, actor, messages.orders.canceledAccountDeleted);
}
