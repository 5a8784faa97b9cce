/**
 * The customer's approval of a proof copy (docs/decisions/0078): the owner of a shipped or delivered order approves
 * its proof line once. In one transaction: the line stamped (the guard of the once), an event on the order's
 * timeline, and the book the proof proves stamped through the projects module (`proofBooks`). The order's status
 * does not move: approving is a fact about the book, not a step of the lifecycle table.
 */
import { messages } from '@bindery/contracts/messages';
import { DomainError } from '#lib/domain-error.js';
import { orderNotFound, type OrdersDeps } from './order-types.js';
import { findOrderItems, findUserOrder, insertEvent, stampProofApproved } from './orders.repository.js';

const p = messages.proofs;

/** A proof has arrived, or is on its way, once its order shipped. */
const PROOF_APPROVABLE = new Set(['shipped', 'delivered']);

export function createOrderProof(deps: Pick<OrdersDeps, 'db' | 'clock' | 'proofBooks'>) {
  async function approveProof(user: { id: number; name: string }, orderId: number, projectId: number) {
    await deps.db.transaction().execute(async (trx) => {
      const order = await findUserOrder(trx, user.id, orderId);
      if (!order) throw orderNotFound();
      const item = (await findOrderItems(trx, [orderId])).find((i) => i.project_id === projectId);
      if (!item) throw new DomainError('not_found', messages.orders.reorderItemNotInOrder);
      if (!item.proof) {
        throw new DomainError('invalid', p.notAProof, {
          code: 'NOT_A_PROOF',
          fields: [{ path: 'body.project_id', message: p.notAProof }],
        });
      }
      if (!PROOF_APPROVABLE.has(order.status))
        throw new DomainError('conflict', p.notYetArrived, { code: 'PROOF_NOT_SHIPPED' });
      const at = deps.clock.now();
      const stamped = await stampProofApproved(trx, orderId, projectId, at);
      if (!stamped) throw new DomainError('conflict', p.alreadyApproved, { code: 'PROOF_ALREADY_APPROVED' });
      await insertEvent(trx, {
        order_id: order.id,
        from_status: order.status,
        to_status: order.status,
        actor_type: 'customer',
        actor_user_id: user.id,
        actor_label: user.name,
        note: p.approvedEvent(item.title),
        internal: false,
        created_at: at,
      });
      if (item.proof_book_id !== null && deps.proofBooks)
        await deps.proofBooks.approvedWithin(trx, item.proof_book_id, at);
    });
  }

  return { approveProof };
}
