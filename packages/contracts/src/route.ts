/**
 * One endpoint, written once (docs/decisions/0043): its method and path, who may call it, the schemas
 * of what it takes and answers, and the names the OpenAPI document gives it. The API registers its routes from
 * these objects (apps/api/src/lib/contract-route.ts) and both SPAs call through the one typed client of
 * packages/api-client (`api.call(route, input)`), so a path exists in one place and a request or an answer that
 * drifts from it fails the type check on both sides.
 *
 * Each domain's contract file exports its routes beside its schemas (store/orders.ts → `orderRoutes`).
 */
import type { z } from 'zod';

/**
 * Who may call a route (docs/decisions/0031). The declaration does not authorize anything by itself: the API's
 * hooks do. It is what the authorization matrix test holds every route to, and what the OpenAPI `security` says.
 * - public:   nobody is refused for who they are;
 * - customer: any signed-in user (anonymous 401);
 * - owner:    the signed-in owner of the resource; anyone else 404, never the resource;
 * - owner-or-admin: as owner, and staff too (an order's files from Order Details);
 * - admin:    staff only (anonymous 401, a customer 403).
 */
export const ACCESS_LEVELS = ['public', 'customer', 'owner', 'owner-or-admin', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/**
 * What an API key may do (docs/decisions/0076). A route that accepts keys names the one scope it needs
 * (`apiKeyScope`); a key on any other route is refused (403), so staff routes never take one.
 * - catalog:read: the catalog, quotes, shipping estimates, cover dimensions;
 * - orders:write: uploads, projects, creating an order and paying it;
 * - orders:read: the key holder's own orders (and its webhooks).
 */
export const API_KEY_SCOPES = ['catalog:read', 'orders:write', 'orders:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Answers by HTTP status. A status whose schema is `null` has no body (204, a redirect, a file download). */
export type Responses = Readonly<Record<number, z.ZodType | null>>;

export interface RouteContract {
  readonly method: Method;
  /** The public path, OpenAPI style and with the spec's trailing slash: `/api/orders/{id}/`. */
  readonly path: string;
  /** The OpenAPI operationId; also the name a reader searches for. Unique across the API. */
  readonly operationId: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body, or with `multipart` the fields of a multipart/form-data body (checked by the route itself). */
  readonly body?: z.ZodType;
  /** The body is multipart/form-data (an upload): the client sends FormData and may report upload progress. */
  readonly multipart?: true;
  /** The media types of a non-JSON answer (a file download); JSON when absent. */
  readonly produces?: readonly string[];
  /**
   * The OpenAPI security when the access level does not say it (the refresh route's HttpOnly cookie); otherwise
   * it follows from `access` (public → none, else the bearer token).
   */
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  /** The scope an API key needs to call this route; absent: keys are refused here (docs/decisions/0076). */
  readonly apiKeyScope?: ApiKeyScope;
  readonly responses: Responses;
}

/** Keeps the literal types of a route (its path, its schemas) so the client and the API can infer from them. */
export const defineRoute = <const R extends RouteContract>(route: R): R => route;

type Schema<T> = T extends z.ZodType ? T : never;
type SuccessStatus = 200 | 201 | 202 | 204;

/** The schema of the route's success answer (200, else 201, 202, 204). */
export type SuccessSchema<R extends RouteContract> = {
  [S in SuccessStatus]: S extends keyof R['responses'] ? Schema<R['responses'][S]> : never;
}[SuccessStatus];

/** What a successful call resolves to: the parsed success body (undefined for a route with no success body). */
export type RouteResult<R extends RouteContract> = [SuccessSchema<R>] extends [never]
  ? undefined
  : z.output<SuccessSchema<R>>;

/**
 * A multipart body as the browser's FormData has it. Named structurally because this package is built without
 * the DOM library (the API imports it too); the DOM's FormData satisfies it.
 */
export interface MultipartBody {
  append(name: string, value: string): void;
}

type Field<K extends string, T> = [T] extends [z.ZodType] ? Record<K, z.input<T>> : { [P in K]?: never };

/**
 * Path parameters and query values travel as text: a caller may give a number where the schema reads any string
 * (an id: `IdParam` reads digits). A string the schema narrows to literals (a status enum) stays as narrow.
 */
type Text<V> = V extends string ? (string extends V ? string | number : V) : V;
type TextValues<T> = { [K in keyof T]: Text<T[K]> };
type ParamsField<T> = [T] extends [z.ZodType] ? { params: TextValues<z.input<T>> } : { params?: never };

/** What a call must give: `params`, `query` and `body` exactly where the route declares them (inputs of the schemas). */
export type RouteInput<R extends RouteContract> = ParamsField<R['params']> &
  (R['query'] extends z.ZodType ? { query?: TextValues<z.input<R['query']>> } : { query?: never }) &
  (R['multipart'] extends true ? { body: MultipartBody } : Field<'body', R['body']>);

/** `/api/orders/{id}/` with `{ id: 7 }` → `/api/orders/7/` (each value URI-encoded). */
export function pathOf(
  route: Pick<RouteContract, 'path'>,
  params?: Readonly<Record<string, string | number>>,
): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${route.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The operationId the OpenAPI document has always given a route, from its method and path (docs/decisions/0042):
 * `GET`, `/api/admin/orders/:id/status` → `getAdminOrdersByIdStatus` (OpenAPI `{id}` or Fastify `:id`, with or
 * without the trailing slash). A route object built by a factory (one per category) names its operationId by it,
 * so each keeps the name a generated client knows; the API's OpenAPI lint test holds every route to it.
 */
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

/** The Fastify form of the path: `/api/orders/{id}/` → `/api/orders/:id/`. */
export const fastifyPathOf = (route: Pick<RouteContract, 'path'>): string =>
  route.path.replace(/\{([^}]+)\}/g, ':$1');

/** The first success status the route declares (the one the client parses). */
export function successStatusOf(route: Pick<RouteContract, 'responses'>): number | undefined {
  return ([200, 201, 202, 204] as const).find((status) => status in route.responses);
}

/**
 * Where a test's request handler (msw) listens for a route, so a test names no path of its own: with `params`, the
 * path a call with them goes to (pathOf); without, the pattern of every such path (`/api/orders/:id/`).
 */
export const urlOf = (
  route: Pick<RouteContract, 'path'>,
  params?: Readonly<Record<string, string | number>>,
): string => (params ? pathOf(route, params) : fastifyPathOf(route));
