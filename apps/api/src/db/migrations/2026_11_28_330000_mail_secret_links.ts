/**
 * A mail whose link is a one-time secret (verification, password reset, e-mail change) keeps it only until it is
 * sent or given up (docs/decisions/0083): `secret_link` marks it, the outbox then removes the link from the row.
 * Rows already sent or given up lose theirs here. Frozen: never import app code here.
 */
import { sql, type Kysely } from 'kysely';

const REMOVED = '[link removed after sending]';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('secret_link', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // The kinds that carried one-time links before the column existed.
  await sql`
    update mail_outbox
    set text_body = replace(text_body, link, ${REMOVED}),
        html_body = replace(replace(html_body, replace(link, '&', '&amp;'), ${REMOVED}), link, ${REMOVED}),
        link = null
    where kind in ('verify_email', 'password_reset', 'email_change') and status <> 'pending' and link is not null
  `.execute(db);
  await sql`
    update mail_outbox set secret_link = true
    where kind in ('verify_email', 'password_reset', 'email_change') and status = 'pending'
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('secret_link').execute();
}
