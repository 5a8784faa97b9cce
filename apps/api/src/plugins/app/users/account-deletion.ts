/**
 * What else ends with an account (docs/decisions/0074), beyond its anonymised row and its sessions (ADR 0008,
 * users.repository.ts `anonymiseUser`): its orders still awaiting payment are canceled through the order state
 * machine, its drafts and their files are removed, the books of its orders are kept as those orders' record. All of
 * it in the deletion's transaction; the payment attempts are closed and the files removed after the commit.
 */
import type { Transaction } from 'kysely';
import type { DB } from '#db/database.js';
import type { Moved, OrderActorInput, OrdersModule } from '../orders/orders.service.js';
import type { AccountDrafts } from '../projects/account-drafts.js';

export interface AccountLeaving {
  /** Inside the deletion's transaction, after the user row is anonymised (and so locked). */
  within(trx: Transaction<DB>, userId: number, actor: OrderActorInput): Promise<LeftBehind>;
  /** After the commit. Never rejects. */
  after(left: LeftBehind): Promise<void>;
}

export interface LeftBehind {
  canceled: Moved[];
  fileKeys: string[];
}

export function createAccountLeaving(deps: {
  orders: Pick<OrdersModule, 'afterCommit'> & {
    cancelUnpaidOfCustomerWithin(trx: Transaction<DB>, userId: number, actor: OrderActorInput): Promise<Moved[]>;
  };
  drafts: AccountDrafts;
}): AccountLeaving {
  return {
    async within(trx, userId, actor) {
      // Orders first: a canceled order lets go of its books, which are then drafts.
      const canceled = await deps.orders.cancelUnpaidOfCustomerWithin(trx, userId, actor);
      const fileKeys = await deps.drafts.retireWithin(trx, userId);
      return { canceled, fileKeys };
    },
    async after({ canceled, fileKeys }) {
      await deps.orders.afterCommit(canceled);
      await deps.drafts.removeFiles(fileKeys);
    },
  };
}
