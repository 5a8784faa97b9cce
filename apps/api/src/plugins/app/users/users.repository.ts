/**
 * All SQL on the users table. Functions take the db (or a transaction) first so callers can compose them.
 * @see kysely example/src/user/user.repository.ts
 */
import { sql, type QueryCreator, type Selectable } from 'kysely';
import type { DB, Db, UsersTable } from '#db/database.js';
import { containsPattern } from '#lib/like-pattern.js';

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export function insertUser(
  db: Db,
  user: { email: string; name: string; password_hash: string; is_admin?: boolean; is_verified?: boolean },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ ...user, email: user.email.trim() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function markAdminAndVerified(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: true, is_verified: true, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_admin', '=', true)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Accounts that have not been deleted, oldest first (the admin list). */
function activeUsers(db: Db | QueryCreator<DB>, q: string | undefined) {
  let query = db.selectFrom('users').where('deleted_at', 'is', null);
  if (q) {
    const pattern = containsPattern(q);
    query = query.where((eb) => eb.or([eb('email', 'ilike', pattern), eb('name', 'ilike', pattern)]));
  }
  return query;
}

/**
 * A page of the accounts that are not deleted, newest first (the primary key read backwards), after the account
 * `afterId`; `limit + 1` rows, so the caller knows whether another page follows. `q`: part of an e-mail or name
 * (trigram indexes, migration 2026_11_24_013000_user_search).
 */
export function listActiveUsers(
  db: Db,
  options: { q?: string; afterId?: number; limit: number },
): Promise<UserRow[]> {
  return activeUsersPageQuery(db, options).execute();
}

/**
 * The query of {@link listActiveUsers}, for its EXPLAIN test. Without a search: the primary key read backwards.
 * With one: the matches first (a materialized CTE, so PostgreSQL reads them through the trigram indexes), then
 * the newest of them. Left to itself the planner guesses 1 % of the table matches any ILIKE and walks the primary
 * key backwards filtering every row, which reads the whole table when few accounts match.
 */
export function activeUsersPageQuery(
  db: Db,
  { q, afterId, limit }: { q?: string; afterId?: number; limit: number },
) {
  if (!q) {
    let query = activeUsers(db, undefined).selectAll();
    if (afterId !== undefined) query = query.where('id', '<', afterId);
    return query.orderBy('id', 'desc').limit(limit + 1);
  }
  let query = db
    .with(
      (cte) => cte('matches').materialized(),
      (inner) => activeUsers(inner, q).selectAll(),
    )
    .selectFrom('matches')
    .selectAll();
  if (afterId !== undefined) query = query.where('id', '<', afterId);
  return query.orderBy('id', 'desc').limit(limit + 1);
}

/** How many accounts `listActiveUsers` pages through. */
export async function countActiveUsers(db: Db, q?: string): Promise<number> {
  const row = await activeUsers(db, q)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks an unverified account verified. False when it was already verified (a link used twice) or is gone. */
export async function markVerified(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ is_verified: true, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('is_verified', '=', false)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Replaces the password if it is still `expectedHash` (compare-and-swap: of two concurrent uses of one reset
 * link only one wins). Also marks the e-mail verified (the link reached that mailbox) and bumps token_version,
 * which ends every session of the account.
 */
export async function replacePassword(
  db: Db,
  id: number,
  expectedHash: string,
  newHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: newHash,
      is_verified: true,
      token_version: eb('token_version', '+', 1),
      updated_at: sql`now()`,
    }))
    .where('id', '=', id)
    .where('password_hash', '=', expectedHash)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function recordLogin(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_login_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes an account the way docs/decisions/0008-account-deletion-anonymised-tombstone.md says: the row stays (orders keep their
 * user_id), its personal data is erased, the password can never match again ('!' is no scrypt hash) and
 * token_version moves on. Refuses admins and already deleted accounts (false).
 */
export async function anonymiseUser(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({
      email: `deleted-user-${id}@deleted.invalid`,
      name: 'Deleted user',
      password_hash: '!',
      is_verified: false,
      token_version: eb('token_version', '+', 1),
      deleted_at: sql`now()`,
      updated_at: sql`now()`,
    }))
    .where('id', '=', id)
    .where('is_admin', '=', false)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
