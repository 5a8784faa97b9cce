/**
 * Cover preflight (docs/decisions/0069): a project's cover report against its full cover (size, resolution; a PDF
 * cover's fonts and images), recomputed from the cover upload's facts whenever the project is saved. Null without a
 * cover file, for an e Book, and for projects saved before.
 * Frozen: never import app code here.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('cover_preflight', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('cover_preflight').execute();
}
