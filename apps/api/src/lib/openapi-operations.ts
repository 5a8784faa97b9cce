/**
 * What every operation of the OpenAPI document states beside its schemas (issue 14.3; docs/decisions/0042), so
 * that the document passes Redocly's recommended lint with no error and no warning (test/openapi-lint.test.ts):
 * - `operationId`: from the method and the path, `GET /api/orders/{id}/` → `getOrdersById`, so a generated
 *   client gets usable names. Unique because method + path is.
 * - `security`: from the access the route declares (`config.access`, lib/access.ts): a public route says
 *   `security: []`, every other one the bearer token. A route may declare its own (the refresh cookie).
 * - at least one 4xx: every route answers 400 to a query string with control characters (plugins/app/errors.ts
 *   checks every route's query), so a route that declares no 4xx gets that one.
 */
import type { Access } from './access.js';

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET`, `/api/admin/orders/:id/status` → `getAdminOrdersByIdStatus` (OpenAPI `{id}` or Fastify `:id`). */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .replace(/^\/api(\/|$)/, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^(?::|\{)([^}]+)\}?$/.exec(segment)?.[1];
      return param ? `By${words(param).map(capital).join('')}` : words(segment).map(capital).join('');
    });
  return method.toLowerCase() + parts.join('');
}

export type SecurityRequirement = { readonly [scheme: string]: readonly string[] };

export const securityOf = (access: Access | undefined): readonly SecurityRequirement[] =>
  access === 'public' ? [] : [{ bearerAuth: [] }];

interface OperationSchema {
  operationId?: string;
  security?: readonly SecurityRequirement[];
  response?: unknown;
}

/** The route's schema with its operationId, security and a 4xx, each only where the route states none itself. */
export function completeOperation<S extends OperationSchema>(
  schema: S,
  route: { method: string | string[]; url: string; access: Access | undefined },
  badRequest: unknown,
): S {
  const method = [route.method].flat()[0] ?? 'GET';
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const has4xx = Object.keys(response).some((status) => /^4(\d\d|XX)$/.test(status));
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, route.url),
    security: schema.security ?? securityOf(route.access),
    response: has4xx ? response : { ...response, 400: badRequest },
  };
}
