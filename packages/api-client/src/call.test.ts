/**
 * `api.call(route, input)`: the path, the input and the answer come from the route object (docs/decisions/0043).
 * The fetch transport; call-upload.test.ts covers the XMLHttpRequest one (upload progress).
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody, IdParams } from '@bindery/contracts/common';
import { defineRoute, urlOf } from '@bindery/contracts/route';
import { ApiError, createApiClient } from './client.js';
import { refreshingClient, withNewToken } from './testing/refresh.js';

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const Thing = z.object({ id: z.number(), name: z.string() });
const thingRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/things/',
    operationId: 'getThings',
    summary: 'Things',
    tags: ['things'],
    access: 'public',
    query: z.object({ limit: z.number().optional(), q: z.string().optional() }),
    responses: { 200: z.array(Thing) },
  }),
  rename: defineRoute({
    method: 'PUT',
    path: '/api/things/{id}/',
    operationId: 'putThingsById',
    summary: 'Rename',
    tags: ['things'],
    access: 'owner',
    params: IdParams,
    body: z.object({ name: z.string() }),
    responses: { 200: Thing, 400: ErrorBody, 404: ErrorBody },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/things/{id}/',
    operationId: 'deleteThingsById',
    summary: 'Remove',
    tags: ['things'],
    access: 'owner',
    params: IdParams,
    responses: { 204: null, 404: ErrorBody },
  }),
};
// A status route's 503 answers the same body as its 200 (as /api/health does).
const Status = z.object({ up: z.boolean() });
const statusRoute = defineRoute({
  method: 'GET',
  path: '/api/status/',
  operationId: 'getStatus',
  summary: 'Status',
  tags: ['things'],
  access: 'public',
  responses: { 200: Status, 503: Status },
});

describe('api.call', () => {
  it('fills the path, sends the JSON body with the token and parses the answer with the route schema', async () => {
    let seen: unknown;
    server.use(
      // The literal path is the assertion: the client fills {id} of the route's path.
      http.put(`${API}/api/things/7/`, async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json({ id: 7, name: 'New' });
      }),
    );
    const client = createApiClient({ baseUrl: API, getAccessToken: () => 'tok' });
    const thing = await client.call(thingRoutes.rename, { params: { id: '7' }, body: { name: 'New' } });
    expectTypeOf(thing).toEqualTypeOf<{ id: number; name: string }>();
    expect(thing).toEqual({ id: 7, name: 'New' });
    expect(seen).toEqual({ auth: 'Bearer tok', body: { name: 'New' } });
  });

  it('builds the query string, needs no input where the route takes none, and resolves a 204 to undefined', async () => {
    let search = '';
    server.use(
      http.get(`${API}${urlOf(thingRoutes.list)}`, ({ request }) => {
        search = new URL(request.url).search;
        return HttpResponse.json([{ id: 1, name: 'A' }]);
      }),
      http.delete(
        `${API}${urlOf(thingRoutes.remove, { id: 1 })}`,
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    const client = createApiClient({ baseUrl: API });
    await expect(client.call(thingRoutes.list, { query: { limit: 5, q: '' } })).resolves.toEqual([
      { id: 1, name: 'A' },
    ]);
    expect(search).toBe('?limit=5');
    await expect(client.call(thingRoutes.list)).resolves.toHaveLength(1);
    await expect(client.call(thingRoutes.remove, { params: { id: 1 } })).resolves.toBeUndefined();
  });

  it("throws the server's error text on a refusal, and refuses an answer that breaks the contract", async () => {
    server.use(
      http.put(`${API}${urlOf(thingRoutes.rename, { id: 8 })}`, () =>
        HttpResponse.json(
          { error: 'Project not found.', code: 'NOT_FOUND', statusCode: 404 },
          { status: 404 },
        ),
      ),
      http.put(`${API}${urlOf(thingRoutes.rename, { id: 9 })}`, () => HttpResponse.json({ id: 'nine' })),
    );
    const client = createApiClient({ baseUrl: API });
    const error = await client
      .call(thingRoutes.rename, { params: { id: 8 }, body: { name: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Project not found.', status: 404, body: { code: 'NOT_FOUND' } });
    await expect(client.call(thingRoutes.rename, { params: { id: 9 }, body: { name: 'x' } })).rejects.toThrow(
      'Unexpected response from the server for PUT /api/things/{id}/',
    );
  });

  it('reads a non-2xx status the route answers with its success schema (a 503 status) as an answer', async () => {
    server.use(
      http.get(`${API}${urlOf(statusRoute)}`, () => HttpResponse.json({ up: false }, { status: 503 })),
    );
    await expect(createApiClient({ baseUrl: API }).call(statusRoute)).resolves.toEqual({ up: false });
  });

  it('refreshes once on a 401 and retries; aborts and transport failures say the spec texts', async () => {
    server.use(
      http.get(
        `${API}${urlOf(thingRoutes.list)}`,
        withNewToken(() => HttpResponse.json([])),
      ),
      http.delete(`${API}${urlOf(thingRoutes.remove, { id: 2 })}`, () => HttpResponse.error()),
    );
    const { client } = refreshingClient(API);
    await expect(client.call(thingRoutes.list)).resolves.toEqual([]);
    const aborted = new AbortController();
    aborted.abort();
    await expect(client.call(thingRoutes.list, {}, { signal: aborted.signal })).rejects.toThrow(
      'Request aborted',
    );
    await expect(client.call(thingRoutes.remove, { params: { id: 2 } })).rejects.toThrow('Network Error');
  });
});
