/**
 * Resale certificates (docs/decisions/0032): a customer's evidence for a tax exemption, one US state
 * per certificate, reviewed by staff. The file lives in the file store under storage_key (like uploads); its facts
 * are the server's own reading of the bytes. Frozen: never import app code here.
 * - a review is final: pending → approved or rejected, with who and when; a rejection carries its reason;
 * - indexes: the admin's queue per status (keyset on id), the customer's list (id, newest first) and
 *   the checkout's question "an approved certificate of this user for this state?".
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('resale_certificates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state ~ '^[A-Z]{2}$'`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('page_count', 'integer', (c) => c.check(sql`page_count > 0`))
    .addColumn('width_px', 'integer', (c) => c.check(sql`width_px > 0`))
    .addColumn('height_px', 'integer', (c) => c.check(sql`height_px > 0`))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Reviewed exactly when not pending, by someone; a reason exactly when rejected.
    .addCheckConstraint(
      'resale_certificates_review_check',
      sql`(status = 'pending') = (reviewed_at is null) and (status = 'pending') = (reviewed_by is null)`,
    )
    .addCheckConstraint(
      'resale_certificates_reason_check',
      sql`(status = 'rejected') = (reason is not null and length(btrim(reason)) > 0)`,
    )
    .execute();
  await db.schema
    .createIndex('resale_certificates_status_idx')
    .on('resale_certificates')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('resale_certificates_user_idx')
    .on('resale_certificates')
    .columns(['user_id', 'id'])
    .execute();
  await sql`create index resale_certificates_approved_idx on resale_certificates (user_id, state) where status = 'approved'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('resale_certificates').execute();
}
