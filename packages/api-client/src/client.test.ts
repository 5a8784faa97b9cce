import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient } from './client.js';

const API = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const healthy = { status: 'ok', database: { reachable: true, mode: 'postgres' }, version: '1', uptime_s: 3 };

describe('createApiClient', () => {
  it('parses responses with the contract schema', async () => {
    server.use(http.get(`${API}/api/health`, () => HttpResponse.json(healthy)));
    const client = createApiClient({ baseUrl: API });
    await expect(client.health()).resolves.toEqual(healthy);
  });

  it('accepts a declared non-2xx body (503 health) and rejects a body that breaks the contract', async () => {
    server.use(http.get(`${API}/api/health`, () => HttpResponse.json({ ...healthy, status: 'degraded' }, { status: 503 })));
    const client = createApiClient({ baseUrl: API });
    expect((await client.health()).status).toBe('degraded');
    server.use(http.get(`${API}/api/config`, () => HttpResponse.json({ web_url: 'nope' })));
    await expect(client.config()).rejects.toThrow(/Unexpected response/);
  });

  it("surfaces the server's error text and body", async () => {
    server.use(
      http.post(`${API}/api/x`, () =>
        HttpResponse.json({ error: 'Quantity must be positive', code: 'BAD_REQUEST', statusCode: 400 }, { status: 400 }),
      ),
    );
    const client = createApiClient({ baseUrl: API });
    const error = await client.post('/api/x', { schema: z.object({}), body: { quantity: 0 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Quantity must be positive', status: 400, body: { code: 'BAD_REQUEST' } });
  });

  it("reports a transport failure as the spec's 'Network Error'", async () => {
    server.use(http.get(`${API}/api/health`, () => HttpResponse.error()));
    await expect(createApiClient({ baseUrl: API }).health()).rejects.toThrow('Network Error');
  });

  it('sends the bearer token, refreshes once on 401 and retries, even for concurrent requests', async () => {
    let token = 'old';
    let refreshes = 0;
    server.use(
      http.get(`${API}/api/me`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({ error: 'expired', code: 'UNAUTHORIZED', statusCode: 401 }, { status: 401 }),
      ),
    );
    const client = createApiClient({
      baseUrl: API,
      getAccessToken: () => token,
      refresh: () => {
        refreshes += 1;
        token = 'new';
        return Promise.resolve(true);
      },
    });
    const schema = z.object({ ok: z.boolean() });
    const results = await Promise.all([client.get('/api/me', { schema }), client.get('/api/me', { schema })]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(refreshes).toBe(1);
  });

  it('gives up after one failed refresh with the 401 error', async () => {
    server.use(
      http.get(`${API}/api/me`, () => HttpResponse.json({ error: 'expired', code: 'UNAUTHORIZED', statusCode: 401 }, { status: 401 })),
    );
    const client = createApiClient({ baseUrl: API, getAccessToken: () => 't', refresh: () => Promise.resolve(false) });
    await expect(client.get('/api/me', { schema: z.object({}) })).rejects.toMatchObject({ status: 401 });
  });

  it('builds query strings and skips empty values', async () => {
    let seen = '';
    server.use(
      http.get(`${API}/api/calculator/bindings/`, ({ request }) => {
        seen = new URL(request.url).search;
        return HttpResponse.json([]);
      }),
    );
    await createApiClient({ baseUrl: API }).get('/api/calculator/bindings/', {
      schema: z.array(z.unknown()),
      query: { trim_size_id: 3, page_count: 120, binding_id: undefined, x: '' },
    });
    expect(seen).toBe('?trim_size_id=3&page_count=120');
  });
});
