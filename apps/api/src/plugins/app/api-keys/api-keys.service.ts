/**
 * API keys of business clients (docs/decisions/0076): staff create, list and revoke a customer's keys; `verify`
 * turns a presented key into the account it acts for and the scopes it holds. Plain functions (docs/decisions/0018);
 * refusals are DomainError.
 */
import type { Kysely } from 'kysely';
import {
  MAX_API_KEYS_PER_USER,
  type ApiKey,
  type CreateApiKeyBody,
  type CreateApiKeyResponse,
  type ListApiKeysResponse,
} from '@bindery/contracts/admin/api-keys';
import { messages } from '@bindery/contracts/messages';
import type { ApiKeyScope } from '@bindery/contracts/route';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import {
  countApiKeys,
  findApiKeyByPrefix,
  findKeyUser,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
  type KeyUserRow,
} from './api-keys.repository.js';
import { newKey, parseKey, secretMatches, type KeyMode } from './key-format.js';

export interface VerifiedKey {
  id: number;
  scopes: readonly ApiKeyScope[];
  /** The account the key acts for; never staff (a key is a customer's, docs/decisions/0076). */
  user: KeyUserRow;
}

export type ApiKeys = ReturnType<typeof createApiKeys>;

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes as ApiKey['scopes'],
  mode: row.mode,
  prefix: row.prefix,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  revoked_at: row.revoked_at?.toISOString() ?? null,
});

/** `mode`: the keys this server makes and takes: test while payments run in test mode, else live. */
export function createApiKeys({ db, clock, mode }: { db: Kysely<DB>; clock: Clock; mode: KeyMode }) {
  async function accountOf(userId: number): Promise<KeyUserRow> {
    const user = await findKeyUser(db, userId);
    if (!user) throw new DomainError('not_found', messages.generic.notFound);
    return user;
  }

  async function create(
    userId: number,
    body: CreateApiKeyBody,
    createdBy: number,
  ): Promise<CreateApiKeyResponse> {
    await accountOf(userId);
    if ((await countApiKeys(db, userId)) >= MAX_API_KEYS_PER_USER) {
      throw new DomainError('conflict', messages.apiKeys.tooMany(MAX_API_KEYS_PER_USER));
    }
    const key = newKey(mode);
    const row = await insertApiKey(db, {
      user_id: userId,
      name: body.name.trim(),
      scopes: [...new Set(body.scopes)],
      mode,
      prefix: key.prefix,
      secret_hash: key.secretHash,
      created_by: createdBy,
    });
    return { api_key: toApiKey(row), secret: key.text };
  }

  async function list(userId: number): Promise<ListApiKeysResponse> {
    const user = await accountOf(userId);
    const rows = await listApiKeys(db, userId, MAX_API_KEYS_PER_USER);
    return { user: { id: user.id, name: user.name, email: user.email }, data: rows.map(toApiKey) };
  }

  async function revoke(userId: number, keyId: number): Promise<{ api_key: ApiKey }> {
    const row = await revokeApiKey(db, userId, keyId, clock.now());
    if (!row) throw new DomainError('not_found', messages.generic.notFound);
    return { api_key: toApiKey(row) };
  }

  /** The key's account and scopes, or undefined for a malformed, unknown, revoked or other-mode key. */
  async function verify(text: string): Promise<VerifiedKey | undefined> {
    const parsed = parseKey(text);
    if (parsed?.mode !== mode) return undefined;
    const row = await findApiKeyByPrefix(db, parsed.prefix);
    if (!row || row.revoked_at !== null || !secretMatches(parsed.secret, row.secret_hash)) return undefined;
    const user = await findKeyUser(db, row.user_id);
    if (!user) return undefined;
    const now = clock.now();
    if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= 60_000)
      await touchApiKey(db, row.id, now);
    return { id: row.id, scopes: row.scopes as ApiKeyScope[], user: { ...user, is_admin: false } };
  }

  return { create, list, revoke, verify };
}
