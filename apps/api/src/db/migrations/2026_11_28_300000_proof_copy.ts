/**
 * Proof copies (docs/decisions/0078): a proof is a draft project of its own, a copy of the book it proves
 * (`projects.proof_of`), one copy, priced without bulk tiers; its order item keeps `proof` so the job ticket, the
 * queue and the customer's order read it from the order itself. Approving the proof stamps the item (once) and
 * the book it proves. Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    // A book deleted for good (an account's never-ordered drafts, ADR 0074) leaves its ordered proof without a book.
    .addColumn('proof_of', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('proof_approved_at', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('proof', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('proof_approved_at', 'timestamptz')
    .execute();
  // A proof is one copy: whatever writes a proof project or item, the row itself says so.
  await sql`alter table projects add constraint projects_proof_one_copy check (proof_of is null or quantity = 1)`.execute(
    db,
  );
  await sql`alter table order_items add constraint order_items_proof_one_copy check (not proof or quantity = 1)`.execute(
    db,
  );
  await sql`alter table order_items add constraint order_items_approved_is_proof check (proof or proof_approved_at is null)`.execute(
    db,
  );
  // The book's open proof draft is found by its source (one at a time per book: ADR 0078).
  await sql`create index projects_proof_of_idx on projects (proof_of) where proof_of is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('proof').dropColumn('proof_approved_at').execute();
  await sql`drop index if exists projects_proof_of_idx`.execute(db);
  await db.schema.alterTable('projects').dropColumn('proof_of').dropColumn('proof_approved_at').execute();
}
