/** All SQL of the address book (docs/decisions/0074): table user_addresses. */
import { sql, type Selectable, type Transaction } from 'kysely';
import type { DB, Db, UserAddressesTable } from '#db/database.js';

export type AddressRow = Selectable<UserAddressesTable>;

/** The account's addresses, the default first, then newest. */
export function listAddresses(db: Db, userId: number, limit: number): Promise<AddressRow[]> {
  return db
    .selectFrom('user_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Locks the user row: saves of one account's addresses take turns, so the cap and the one default hold. */
export async function lockAddressBook(trx: Transaction<DB>, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function countAddresses(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_addresses')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function clearDefault(db: Db, userId: number): Promise<void> {
  await db.updateTable('user_addresses').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).execute();
}

export function insertAddress(db: Db, userId: number, address: unknown, isDefault: boolean): Promise<AddressRow> {
  return db
    .insertInto('user_addresses')
    .values({ user_id: userId, address: JSON.stringify(address), is_default: isDefault })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateAddress(
  db: Db,
  userId: number,
  id: number,
  address: unknown,
  isDefault: boolean | undefined,
): Promise<AddressRow | undefined> {
  return db
    .updateTable('user_addresses')
    .set({ address: JSON.stringify(address), updated_at: sql`now()`, ...(isDefault === undefined ? {} : { is_default: isDefault }) })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one; answers whether it was there and whether it was the default. */
export function deleteAddress(db: Db, userId: number, id: number): Promise<{ is_default: boolean } | undefined> {
  return db
    .deleteFrom('user_addresses')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('is_default')
    .executeTakeFirst();
}

/** Makes the newest address left the default (after the default was deleted). */
export async function promoteNewest(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('user_addresses')
    .set({ is_default: true })
    .where('id', '=', (eb) =>
      eb.selectFrom('user_addresses').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(1),
    )
    .execute();
}

/** An account's deletion (docs/decisions/0074): its address book goes. */
export async function deleteAllAddresses(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('user_addresses').where('user_id', '=', userId).execute();
}
