/**
 * All SQL on the users table. Functions take the db (or a transaction) first so callers can compose them.
 * @see kysely example/src/user/user.repository.ts
 */
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, UsersTable } from '../../../db/database.js';

export type UserRow = Selectable<UsersTable>;
type Db = Kysely<DB> | Transaction<DB>;

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
  return Number(row.n);
}
