/**
 * A customer's API keys, managed by staff (docs/decisions/0076): GET and POST api/admin/users/{id}/api-keys/ (list;
 * create, which answers the secret once) and POST api/admin/users/{id}/api-keys/{key_id}/revoke/. A key is
 * `bnd_live_<prefix>_<secret>` (or `bnd_test_…` while payments run in test mode); only the SHA-256 of the secret is
 * stored, so a lost key is revoked and replaced, never shown again.
 */
import { z } from 'zod';
import { errorBodies, IdParam, IdParams } from '../common.js';
import { API_KEY_SCOPES, defineRoute } from '../route.js';

export const ApiKeyScope = z.enum(API_KEY_SCOPES);

export const ApiKey = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  /** live, or test while payments run in test mode: a key works only on a server of its own mode. */
  mode: z.enum(['live', 'test']),
  /** The public part of the key (`bnd_live_<prefix>_…`): how staff and the customer tell keys apart. */
  prefix: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(ApiKeyScope).min(1).max(API_KEY_SCOPES.length),
  })
  .strict();
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBody>;

/** The new key and its secret: the only time the secret is ever shown. */
export const CreateApiKeyResponse = z.object({ api_key: ApiKey, secret: z.string() });
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>;

/** The account's keys, newest first (revoked ones too: at most MAX_API_KEYS_PER_USER in all). */
export const ListApiKeysResponse = z.object({
  user: z.object({ id: z.number().int().positive(), name: z.string(), email: z.string() }),
  data: z.array(ApiKey),
});
export type ListApiKeysResponse = z.infer<typeof ListApiKeysResponse>;

export const RevokeApiKeyParams = z.object({ id: IdParam, key_id: IdParam }).strict();
export type RevokeApiKeyParams = z.infer<typeof RevokeApiKeyParams>;

export const RevokeApiKeyResponse = z.object({ api_key: ApiKey });
export type RevokeApiKeyResponse = z.infer<typeof RevokeApiKeyResponse>;

/** Keys an account may hold, revoked ones included (nothing is unbounded). */
export const MAX_API_KEYS_PER_USER = 50;

const tags = ['admin: api keys'];

export const adminApiKeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/users/{id}/api-keys/',
    operationId: 'getAdminUsersByIdApiKeys',
    summary: "A customer's API keys, newest first (never their secrets)",
    tags,
    access: 'admin',
    params: IdParams,
    responses: { 200: ListApiKeysResponse, ...errorBodies(400, 401, 403, 404) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/admin/users/{id}/api-keys/',
    operationId: 'postAdminUsersByIdApiKeys',
    summary: 'Create an API key for a customer: the answer holds its secret, shown this once',
    tags,
    access: 'admin',
    params: IdParams,
    body: CreateApiKeyBody,
    responses: { 201: CreateApiKeyResponse, ...errorBodies(400, 401, 403, 404, 409) },
  }),
  revoke: defineRoute({
    method: 'POST',
    path: '/api/admin/users/{id}/api-keys/{key_id}/revoke/',
    operationId: 'postAdminUsersByIdApiKeysByKeyIdRevoke',
    summary: 'Revoke an API key at once (a revoked key answers 401)',
    tags,
    access: 'admin',
    params: RevokeApiKeyParams,
    responses: { 200: RevokeApiKeyResponse, ...errorBodies(400, 401, 403, 404) },
  }),
};
