/**
 * Registers a Fastify route from its contract (docs/decisions/0043): the route object of
 * packages/contracts gives the method, the path, who may call it (`config.access`), the schemas and the names the
 * OpenAPI document uses (operationId, summary, tags, security); the route file gives only the handler and what
 * Fastify needs beside it (a preHandler, a bodyLimit, more config). Through fastify-type-provider-zod the handler's
 * request.params/query/body and what it returns are typed from the object's schemas, so a handler that drifts from
 * its contract fails the type check, and the path is written once, in the contract.
 */
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fastifyPathOf, type RouteContract } from '@bindery/contracts/route';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A contract's `null` answer (no body) as Fastify sees it: see responseSchemasOf. */
type ResponseSchema<T> = T extends z.ZodType ? T : z.ZodNull | z.ZodUnknown;

/** The Fastify schema a route object stands for, with its zod types kept for the type provider. */
export interface ContractSchema<R extends RouteContract> {
  params: R['params'];
  querystring: R['query'];
  body: R['multipart'] extends true ? undefined : R['body'];
  response: { [S in keyof R['responses']]: ResponseSchema<R['responses'][S]> };
}

export type ContractHandler<R extends RouteContract> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  ContractSchema<R>,
  ZodTypeProvider
>;

/** What a route file may add beside its contract: hooks, limits, more config (never another url, method or access). */
export type ContractRouteOptions = Omit<RouteShorthandOptions, 'schema' | 'config' | 'handler'> & {
  config?: Omit<NonNullable<RouteShorthandOptions['config']>, 'access' | 'apiKeyScope'>;
};

/**
 * A `null` answer has no JSON body: a 204 says `null` (what the OpenAPI document said before, `z.null()`); any
 * other (a file's bytes, a redirect) is sent as it is, never serialized (`z.unknown()`).
 */
function responseSchemasOf(responses: RouteContract['responses']): Record<number, z.ZodType> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, schema]) => [
      status,
      schema ?? (status === '204' ? z.null() : z.unknown()),
    ]),
  );
}

/**
 * The url Fastify registers, relative to the prefix the route file is mounted under (`/api`, `/api/photobook`), and
 * without the spec's trailing slash: the router ignores a trailing slash (app.ts) and the OpenAPI document names
 * its paths without one, as it always has.
 */
export function registeredUrlOf(route: Pick<RouteContract, 'path'>, prefix: string): string {
  const path = fastifyPathOf(route);
  if (!path.startsWith(`${prefix}/`) && path !== prefix)
    throw new Error(`${route.path} cannot be registered under the prefix ${prefix}`);
  return path.slice(prefix.length).replace(/(.)\/$/, '$1') || '/';
}

export function contractRoute<R extends RouteContract>(
  app: ZodApp,
  route: R,
  handler: ContractHandler<R>,
): void;
export function contractRoute<R extends RouteContract>(
  app: ZodApp,
  route: R,
  options: ContractRouteOptions,
  handler: ContractHandler<R>,
): void;
export function contractRoute<R extends RouteContract>(
  app: ZodApp,
  route: R,
  optionsOrHandler: ContractRouteOptions | ContractHandler<R>,
  maybeHandler?: ContractHandler<R>,
): void {
  const [options, handler] =
    typeof optionsOrHandler === 'function'
      ? [{}, optionsOrHandler]
      : [optionsOrHandler, maybeHandler as ContractHandler<R>];
  app.route({
    ...options,
    method: route.method,
    url: registeredUrlOf(route, app.prefix),
    config: {
      ...options.config,
      access: route.access,
      ...(route.apiKeyScope && { apiKeyScope: route.apiKeyScope }),
    },
    schema: {
      operationId: route.operationId,
      summary: route.summary,
      tags: [...route.tags],
      ...(route.security && { security: route.security }),
      ...(route.params && { params: route.params }),
      ...(route.query && { querystring: route.query }),
      // A multipart body is read by the handler as a stream: only the document states its type.
      ...(route.multipart ? { consumes: ['multipart/form-data'] } : route.body && { body: route.body }),
      ...(route.produces && { produces: [...route.produces] }),
      response: responseSchemasOf(route.responses),
    },
    handler: handler as RouteHandlerMethod,
  });
}
