/**
 * A cover image's size in pixels, decoded from its bytes at upload (docs/decisions/0026); null for PDFs.
 * Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('width_px', 'integer', (c) => c.check(sql`width_px > 0`))
    .addColumn('height_px', 'integer', (c) => c.check(sql`height_px > 0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('width_px').dropColumn('height_px').execute();
}
