/**
 * Print preflight (docs/decisions/0060): an interior PDF's page facts read from its bytes at upload (each page's
 * trim size and rotation, summed up), and a project's report against its chosen trim, recomputed from those facts
 * whenever the project is saved. Both null for files uploaded before (not checked) and for covers.
 * Frozen: never import app code here.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('pdf_facts', 'jsonb').execute();
  await db.schema.alterTable('projects').addColumn('preflight', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('preflight').execute();
  await db.schema.alterTable('uploads').dropColumn('pdf_facts').execute();
}
