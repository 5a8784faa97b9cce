/**
 * Rows the checkout tests need, written straight into the test database: an interior upload and a project with a
 * real configuration of seeded catalog ids (looked up by category, kind and code). The projects API has its own
 * tests; these only set the stage for shipping, tax and orders.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '#db/database.js';

/** The seeded catalog item with this code (bindings of the print book are keyed "style@trim"). */
export async function catalogId(
  db: Kysely<DB>,
  category: string,
  kind: string,
  code: string,
): Promise<number> {
  const row = await db
    .selectFrom('catalog_items')
    .select('id')
    .where('category', '=', category)
    .where('kind', '=', kind)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!row) throw new Error(`no seeded ${category} ${kind} ${code}`);
  return row.id;
}

/** Print Book: US Trade, Perfect Bound, Standard Color, 60# White-Uncoated, Matte. */
export async function printBookConfiguration(db: Kysely<DB>): Promise<Record<string, number>> {
  return {
    trim_size_id: await catalogId(db, 'calculator', 'trim_size', 'us-trade'),
    binding_id: await catalogId(db, 'calculator', 'binding', 'perfect_bound@us-trade'),
    interior_color_id: await catalogId(db, 'calculator', 'interior_color', 'standard-color'),
    paper_type_id: await catalogId(db, 'calculator', 'paper_type', '60-white-uncoated'),
    cover_finish_id: await catalogId(db, 'calculator', 'cover_finish', 'matte'),
  };
}

/** Calender: Wire O, Premium Color, 100# White-Coated, Gloss (no trim size). */
export async function calendarConfiguration(db: Kysely<DB>): Promise<Record<string, number>> {
  return {
    binding_id: await catalogId(db, 'calender', 'binding', 'wire_o'),
    interior_color_id: await catalogId(db, 'calender', 'interior_color', 'premium-color'),
    paper_type_id: await catalogId(db, 'calender', 'paper_type', '100-white-coated'),
    cover_finish_id: await catalogId(db, 'calender', 'cover_finish', 'gloss'),
  };
}

export interface ProjectFixture {
  title?: string;
  category?: string;
  pageCount?: number;
  quantity?: number;
  configuration?: Record<string, number> | null;
  deleted?: boolean;
}

/** A project of `userId` with its interior upload; returns the project id. */
export async function insertProject(db: Kysely<DB>, userId: number, p: ProjectFixture = {}): Promise<number> {
  const uploadId = randomUUID();
  const pageCount = p.pageCount ?? 200;
  await db
    .insertInto('uploads')
    .values({
      id: uploadId,
      user_id: userId,
      purpose: 'interior',
      file_name: 'book.pdf',
      content_type: 'application/pdf',
      size_bytes: 12_345,
      page_count: pageCount,
      storage_key: `test/${uploadId}.pdf`,
      attached_at: new Date(),
    })
    .execute();
  const row = await db
    .insertInto('projects')
    .values({
      user_id: userId,
      title: p.title ?? 'My Book',
      category: p.category ?? 'Print Book',
      language: 'english',
      page_count: pageCount,
      quantity: p.quantity ?? 1,
      configuration: p.configuration === undefined ? null : JSON.stringify(p.configuration),
      options: JSON.stringify({}),
      pdf_upload_id: uploadId,
      deleted_at: p.deleted ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A checked interior PDF of the user's, pending, as the uploads route leaves it (a save reads the row, not the file). */
export async function pendingUpload(db: Kysely<DB>, userId: number, pageCount = 48): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('uploads')
    .values({
      id,
      user_id: userId,
      purpose: 'interior',
      file_name: 'book.pdf',
      content_type: 'application/pdf',
      size_bytes: 12_345,
      page_count: pageCount,
      storage_key: `test/${id}.pdf`,
    })
    .execute();
  return id;
}
