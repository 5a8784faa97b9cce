/** SQL of account-drafts.ts: an account's books and files when the account is deleted (docs/decisions/0074). */
import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { DB } from '#db/database.js';

/**
 * Inside the deletion's transaction, after its unpaid orders were canceled: books that never reached an order are
 * deleted, the others soft-deleted (their orders keep them); the account's uploads that no book uses any more are
 * deleted. Answers the storage keys whose bytes go after the commit: those of the deleted uploads, and those of the
 * uploads left only to books of orders that were never paid. Files of a paid order (kept with its records) stay.
 */
export async function retireAccountProjects(trx: Transaction<DB>, userId: number): Promise<string[]> {
  await trx
    .deleteFrom('projects')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('order_items').select('order_items.id').whereRef('order_items.project_id', '=', 'projects.id'))),
    )
    .execute();
  await trx
    .updateTable('projects')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
  /** The books that use an upload (of any status, deleted or not). */
  const usedBy = (eb: ExpressionBuilder<DB, 'uploads'>) =>
    eb
      .selectFrom('projects')
      .select('projects.id')
      .where((p) =>
        p.or([p('projects.pdf_upload_id', '=', p.ref('uploads.id')), p('projects.cover_upload_id', '=', p.ref('uploads.id'))]),
      );
  const deleted = await trx
    .deleteFrom('uploads')
    .where('user_id', '=', userId)
    .where((eb) => eb.not(eb.exists(usedBy(eb))))
    .returning('storage_key')
    .execute();
  const unpaid = await trx
    .selectFrom('uploads')
    .select('storage_key')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(
          usedBy(eb)
            .innerJoin('order_items', 'order_items.project_id', 'projects.id')
            .innerJoin('orders', 'orders.id', 'order_items.order_id')
            .where('orders.paid_at', 'is not', null),
        ),
      ),
    )
    .execute();
  return [...deleted, ...unpaid].map((r) => r.storage_key);
}
