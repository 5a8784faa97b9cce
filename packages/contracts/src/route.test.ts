import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, IdParam, IdParams } from './common.js';
import {
  defineRoute,
  fastifyPathOf,
  operationIdOf,
  pathOf,
  successStatusOf,
  urlOf,
  type MultipartBody,
  type RouteInput,
  type RouteResult,
} from './route.js';

const getThing = defineRoute({
  method: 'GET',
  path: '/api/things/{id}/',
  operationId: 'getThing',
  summary: 'One thing',
  tags: ['things'],
  access: 'owner',
  params: IdParams,
  query: z.object({ full: z.enum(['yes', 'no']).optional() }),
  responses: { 200: z.object({ name: z.string() }), 404: ErrorBody },
});

const upload = defineRoute({
  method: 'POST',
  path: '/api/uploads/',
  operationId: 'upload',
  summary: 'An upload',
  tags: ['things'],
  access: 'customer',
  multipart: true,
  responses: { 201: z.object({ id: z.number() }) },
});

const remove = defineRoute({
  method: 'DELETE',
  path: '/api/things/{id}/',
  operationId: 'deleteThing',
  summary: 'Gone',
  tags: ['things'],
  access: 'owner',
  params: IdParams,
  responses: { 204: null },
});

describe('route contracts', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(pathOf(getThing, { id: 7 })).toBe('/api/things/7/');
    expect(pathOf({ path: '/api/x/{name}/' }, { name: 'a b/c' })).toBe('/api/x/a%20b%2Fc/');
    expect(() => pathOf(getThing, {})).toThrow('/api/things/{id}/ needs the path parameter id');
  });

  it('names an operation from its method and path, as the OpenAPI document always has', () => {
    expect(operationIdOf('GET', '/api/orders/{id}/')).toBe('getOrdersById');
    expect(operationIdOf('PUT', '/api/admin/orders/:id/status')).toBe('putAdminOrdersByIdStatus');
    expect(operationIdOf('GET', '/api/comicbook/comic/all-bindings/')).toBe('getComicbookComicAllBindings');
    expect(operationIdOf('POST', '/api/create-checkout-session')).toBe('postCreateCheckoutSession');
  });

  it('gives Fastify its form of the path and the status a client parses', () => {
    expect(fastifyPathOf(getThing)).toBe('/api/things/:id/');
    // A test's handler: every such path, or the one a call with these params goes to.
    expect(urlOf(getThing)).toBe('/api/things/:id/');
    expect(urlOf(getThing, { id: 7 })).toBe('/api/things/7/');
    expect(successStatusOf(getThing)).toBe(200);
    expect(successStatusOf(upload)).toBe(201);
    expect(successStatusOf(remove)).toBe(204);
  });

  it('types what a call gives and gets from the route alone', () => {
    expectTypeOf<RouteInput<typeof getThing>['params']>().toEqualTypeOf<{ id: string | number }>();
    expectTypeOf<RouteResult<typeof getThing>>().toEqualTypeOf<{ name: string }>();
    expectTypeOf<RouteInput<typeof upload>['body']>().toEqualTypeOf<MultipartBody>();
    expectTypeOf<RouteResult<typeof upload>>().toEqualTypeOf<{ id: number }>();
    expectTypeOf<RouteResult<typeof remove>>().toEqualTypeOf<undefined>();
  });

  it('lets a query value be given as a number where the schema reads text, and keeps an enum narrow', () => {
    const list = defineRoute({
      method: 'GET',
      path: '/api/things/',
      operationId: 'getThings',
      summary: 'Things',
      tags: ['things'],
      access: 'public',
      query: z.object({ trim_size_id: IdParam, status: z.enum(['pending', 'approved']).optional() }),
      responses: { 200: z.array(z.unknown()) },
    });
    expect(pathOf(list)).toBe('/api/things/');
    type Query = NonNullable<RouteInput<typeof list>['query']>;
    expectTypeOf<Query['trim_size_id']>().toEqualTypeOf<string | number>();
    expectTypeOf<Query['status']>().toEqualTypeOf<'pending' | 'approved' | undefined>();
  });
});

// The browser's FormData is what a client sends as a multipart body.
expectTypeOf<FormData>().toExtend<MultipartBody>();
