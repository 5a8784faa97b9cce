/**
 * Test payment mode's orphaned attempts (docs/decisions/0064): how many times reconciliation could not get an
 * answer about an open attempt. After PAYMENTS_TEST_UNREACHABLE_LIMIT such checks in test mode (the test servers'
 * data went with a restart) the attempt is marked failed and its order expires as usual.
 * Frozen: never import app code here.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('unreachable_checks', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('unreachable_checks').execute();
}
