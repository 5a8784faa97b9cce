/** All SQL of API keys (docs/decisions/0076). */
import { sql, type Selectable } from 'kysely';
import type { ApiKeysTable, Db, UsersTable } from '#db/database.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type KeyUserRow = Selectable<UsersTable>;

export function insertApiKey(
  db: Db,
  key: Pick<ApiKeyRow, 'user_id' | 'name' | 'mode' | 'prefix' | 'secret_hash' | 'created_by'> & {
    scopes: string[];
  },
): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({ ...key, scopes: JSON.stringify(key.scopes) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listApiKeys(db: Db, userId: number, limit: number): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countApiKeys(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function revokeApiKey(
  db: Db,
  userId: number,
  keyId: number,
  now: Date,
): Promise<ApiKeyRow | undefined> {
  return db
    .updateTable('api_keys')
    .set({ revoked_at: sql<Date>`coalesce(revoked_at, ${now})` })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export function findApiKeyByPrefix(db: Db, prefix: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('prefix', '=', prefix).executeTakeFirst();
}

/** The key's account, unless deleted. */
export function findKeyUser(db: Db, userId: number): Promise<KeyUserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Records a use, at most once a minute per key (one conditional UPDATE; nothing written in between). */
export async function touchApiKey(db: Db, keyId: number, now: Date): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', keyId)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - 60_000))]),
    )
    .execute();
}
