import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody } from '@bindery/contracts/common';
import { defineRoute, urlOf } from '@bindery/contracts/route';
import { configRoute } from '@bindery/contracts/store/config';
import { healthRoute } from '@bindery/contracts/store/health';
import { ApiError, createApiClient, publicConfigQuery } from './client.js';
import { refreshingClient, withNewToken } from './testing/refresh.js';

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const route = { summary: 'test', tags: ['test'], access: 'customer' } as const;
const meRoute = defineRoute({
  ...route,
  method: 'GET',
  path: '/api/me',
  operationId: 'getMe',
  responses: { 200: z.object({ ok: z.boolean() }), 401: ErrorBody },
});
const quantityRoute = defineRoute({
  ...route,
  method: 'POST',
  path: '/api/x',
  operationId: 'postX',
  body: z.object({ quantity: z.number() }),
  responses: { 200: z.object({}), 400: ErrorBody },
});
const bindingsRoute = defineRoute({
  ...route,
  method: 'GET',
  path: '/api/calculator/bindings/',
  operationId: 'getCalculatorBindings',
  query: z.object({
    trim_size_id: z.number(),
    page_count: z.number(),
    binding_id: z.number().optional(),
    x: z.string().optional(),
  }),
  responses: { 200: z.array(z.unknown()) },
});

const healthy = { status: 'ok', database: { reachable: true, mode: 'postgres' }, version: '1', uptime_s: 3 };

describe('createApiClient', () => {
  it('parses responses with the contract schema', async () => {
    server.use(http.get(`${API}${urlOf(healthRoute)}`, () => HttpResponse.json(healthy)));
    const client = createApiClient({ baseUrl: API });
    await expect(client.health()).resolves.toEqual(healthy);
  });

  it('accepts a declared non-2xx body (503 health) and rejects a body that breaks the contract', async () => {
    server.use(
      http.get(`${API}${urlOf(healthRoute)}`, () =>
        HttpResponse.json({ ...healthy, status: 'degraded' }, { status: 503 }),
      ),
    );
    const client = createApiClient({ baseUrl: API });
    expect((await client.health()).status).toBe('degraded');
    server.use(http.get(`${API}${urlOf(configRoute)}`, () => HttpResponse.json({ web_url: 'nope' })));
    await expect(client.config()).rejects.toThrow(/Unexpected response/);
  });

  it('publicConfigQuery: one cache key for both SPAs, fetched once per page, through the client', async () => {
    const config = {
      web_url: 'http://web.test',
      admin_url: 'http://admin.test',
      api_url: API,
      brand: 'Bindery',
    };
    server.use(http.get(`${API}${urlOf(configRoute)}`, () => HttpResponse.json(config)));
    const query = publicConfigQuery(createApiClient({ baseUrl: API }));
    expect(query.queryKey).toEqual(['public-config']);
    expect(query.staleTime).toBe(Infinity);
    expect(await query.queryFn({ signal: new AbortController().signal })).toEqual(config);
  });

  it("surfaces the server's error text and body", async () => {
    server.use(
      http.post(`${API}${urlOf(quantityRoute)}`, () =>
        HttpResponse.json(
          { error: 'Quantity must be positive', code: 'BAD_REQUEST', statusCode: 400 },
          { status: 400 },
        ),
      ),
    );
    const client = createApiClient({ baseUrl: API });
    const error = await client.call(quantityRoute, { body: { quantity: 0 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Quantity must be positive',
      status: 400,
      body: { code: 'BAD_REQUEST' },
    });
  });

  it("reports a transport failure as the spec's 'Network Error'", async () => {
    server.use(http.get(`${API}${urlOf(healthRoute)}`, () => HttpResponse.error()));
    await expect(createApiClient({ baseUrl: API }).health()).rejects.toThrow('Network Error');
  });

  it('sends the bearer token, refreshes once on 401 and retries, even for concurrent requests', async () => {
    server.use(
      http.get(
        `${API}${urlOf(meRoute)}`,
        withNewToken(() => HttpResponse.json({ ok: true })),
      ),
    );
    const refreshing = refreshingClient(API);
    const { client } = refreshing;
    const results = await Promise.all([client.call(meRoute), client.call(meRoute)]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(refreshing.refreshes).toBe(1);
  });

  it('gives up after one failed refresh with the 401 error', async () => {
    server.use(
      http.get(`${API}${urlOf(meRoute)}`, () =>
        HttpResponse.json({ error: 'expired', code: 'UNAUTHORIZED', statusCode: 401 }, { status: 401 }),
      ),
    );
    const client = createApiClient({
      baseUrl: API,
      getAccessToken: () => 't',
      refresh: () => Promise.resolve(false),
    });
    await expect(client.call(meRoute)).rejects.toMatchObject({ status: 401 });
  });

  it('builds query strings and skips empty values', async () => {
    let seen = '';
    server.use(
      http.get(`${API}${urlOf(bindingsRoute)}`, ({ request }) => {
        seen = new URL(request.url).search;
        return HttpResponse.json([]);
      }),
    );
    await createApiClient({ baseUrl: API }).call(bindingsRoute, {
      query: { trim_size_id: 3, page_count: 120, binding_id: undefined, x: '' },
    });
    expect(seen).toBe('?trim_size_id=3&page_count=120');
  });
});
