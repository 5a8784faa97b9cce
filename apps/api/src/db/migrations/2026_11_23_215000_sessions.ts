/**
 * Sessions (docs/decisions/0025-session-bound-access-tokens-and-refresh-cookie.md). Frozen: never import app code.
 * - sessions: one row per login (what refresh_tokens called a family); its id is the `sid` every access token of
 *   the session carries, and `revoked_at` is the one place logout, a password change and a deletion end it, so an
 *   access token dies with its session at once instead of living out its 60 minutes.
 * - refresh_tokens.family_id now references sessions(id); its own revoked_at goes (the session's is the truth).
 * Existing families become sessions (revoked when all their tokens were), so refresh tokens issued before this
 * migration keep working.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    /** The newest refresh token's expiry (sliding): past it the session can never be renewed. */
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await sql`
    insert into sessions (id, user_id, created_at, expires_at, revoked_at)
    select family_id, min(user_id), min(created_at), max(expires_at),
           case when bool_and(revoked_at is not null) then max(revoked_at) end
    from refresh_tokens
    group by family_id
  `.execute(db);

  await db.schema
    .alterTable('refresh_tokens')
    .addForeignKeyConstraint('refresh_tokens_family_id_fkey', ['family_id'], 'sessions', ['id'], (c) =>
      c.onDelete('cascade'),
    )
    .execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('revoked_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('revoked_at', 'timestamptz').execute();
  await sql`
    update refresh_tokens r set revoked_at = s.revoked_at from sessions s where s.id = r.family_id
  `.execute(db);
  await db.schema.alterTable('refresh_tokens').dropConstraint('refresh_tokens_family_id_fkey').execute();
  await db.schema.dropTable('sessions').execute();
}
