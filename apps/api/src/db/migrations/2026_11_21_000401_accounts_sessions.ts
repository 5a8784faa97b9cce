/**
 * Accounts and sessions. Frozen: never import app code here.
 * - users.token_version: bumped by a password change or an account deletion; access tokens carry it, so
 *   both end every session at once.
 * - users.deleted_at: a deleted account stays as an anonymised tombstone so records that reference it
 *   (orders) stay intact (docs/decisions/0008-account-deletion-anonymised-tombstone.md).
 * - refresh_tokens: one row per issued refresh token (only its SHA-256 is stored). A login starts a family;
 *   each refresh marks its token used and issues the next one in the same family.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('last_login_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_user_id_idx').on('refresh_tokens').column('user_id').execute();
  await db.schema
    .createIndex('refresh_tokens_family_id_idx')
    .on('refresh_tokens')
    .column('family_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('last_login_at')
    .dropColumn('deleted_at')
    .dropColumn('token_version')
    .execute();
}
