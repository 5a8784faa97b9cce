/**
 * What every operation of the OpenAPI document states beside its schemas (docs/decisions/0042), so
 * that the document passes Redocly's recommended lint with no error and no warning (test/openapi-lint.test.ts):
 * - `operationId`: from the method and the path, `GET /api/orders/{id}/` → `getOrdersById` (operationIdOf, in
 *   @bindery/contracts/route since route objects built per category name theirs by it), so a generated client
 *   gets usable names. Unique because method + path is.
 * - `security`: from the access the route declares (`config.access`, lib/access.ts): a public route says
 *   `security: []`, every other one the bearer token. A route may declare its own (the refresh cookie). A route
 *   that takes API keys (`config.apiKeyScope`, docs/decisions/0076) adds the `apiKey` scheme with that scope as an
 *   alternative (a public one: no credentials, or a key).
 * - at least one 4xx: every route answers 400 to a query string with control characters (plugins/app/errors.ts
 *   checks every route's query), so a route that declares no 4xx gets that one.
 */
import { operationIdOf } from '@bindery/contracts/route';
import type { ApiKeyScope } from '@bindery/contracts/route';
import type { Access } from './access.js';

export type SecurityRequirement = { readonly [scheme: string]: readonly string[] };

export function securityOf(
  access: Access | undefined,
  apiKeyScope?: ApiKeyScope,
): readonly SecurityRequirement[] {
  const base: SecurityRequirement[] = access === 'public' ? [] : [{ bearerAuth: [] }];
  if (!apiKeyScope) return base;
  return [...(access === 'public' ? [{}] : base), { apiKey: [apiKeyScope] }];
}

interface OperationSchema {
  operationId?: string;
  security?: readonly SecurityRequirement[];
  response?: unknown;
}

/** The route's schema with its operationId, security and a 4xx, each only where the route states none itself. */
export function completeOperation<S extends OperationSchema>(
  schema: S,
  route: { method: string | string[]; url: string; access: Access | undefined; apiKeyScope?: ApiKeyScope },
  badRequest: unknown,
): S {
  const method = [route.method].flat()[0] ?? 'GET';
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const has4xx = Object.keys(response).some((status) => /^4(\d\d|XX)$/.test(status));
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, route.url),
    security: schema.security ?? securityOf(route.access, route.apiKeyScope),
    response: has4xx ? response : { ...response, 400: badRequest },
  };
}
