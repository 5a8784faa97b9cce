/** Health, runtime config, the error model, CORS, security headers and the OpenAPI document. */
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { HealthResponse } from '@bindery/contracts/store/health';
import { DomainError } from '#lib/domain-error.js';
import { json, request, setupTestApp } from '../helper.js';
import { OpenApiDocument, operationOf, responseFields } from '../openapi-document.js';

const t = setupTestApp({
  env: { PUBLIC_WEB_URL: 'http://web.test:5173', PUBLIC_ADMIN_URL: 'http://admin.test:5174' },
  register: (app) => {
    void app.register(
      async (probe) => {
        probe.post(
          '/echo',
          {
            schema: {
              body: z.object({ quantity: z.number().int().positive(), name: z.string().min(1) }).strict(),
            },
          },
          async (req) => req.body,
        );
        probe.get('/conflict', async () => {
          throw new DomainError('conflict', 'Order #7 is shipped; it cannot become paid.', {
            code: 'BAD_TRANSITION',
          });
        });
        probe.get('/upstream', async () => {
          throw new DomainError('upstream', 'Stripe said no.');
        });
        probe.get('/boom', async () => {
          throw new Error('secret connection string postgres://u:p@db');
        });
      },
      { prefix: '/api/_probe' },
    );
  },
});

describe('GET /api/health', () => {
  it('reports a reachable database and matches its contract', async () => {
    const res = await request(t, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = json(res, HealthResponse);
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ reachable: true, mode: 'postgres' });
  });
  it('answers with a trailing slash too (the spec writes paths that way)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  });
});

describe('GET /api/config', () => {
  it('gives the SPAs the public URLs of the deployment', async () => {
    const res = await request(t, { method: 'GET', url: '/api/config' });
    expect(res.data).toMatchObject({
      web_url: 'http://web.test:5173',
      admin_url: 'http://admin.test:5174',
      brand: 'Bindery',
    });
  });
});

describe('error model', () => {
  it('answers an unknown route with a 404 JSON error body', async () => {
    const res = await request(t, { method: 'GET', url: '/api/nope?x=1' });
    expect(res.statusCode).toBe(404);
    expect(json(res, ErrorBody)).toMatchObject({ code: 'NOT_FOUND', error: 'Route GET /api/nope not found' });
  });
  it('names every invalid field on a 400', async () => {
    const res = await request(t, {
      method: 'POST',
      url: '/api/_probe/echo',
      payload: { quantity: -2, name: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = json(res, ErrorBody);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.fields?.map((f) => f.path).sort()).toEqual(['body.name', 'body.quantity']);
    expect(body.error).toMatch(/^Invalid request: /);
    expect(body.error).toContain('quantity');
  });
  it('refuses unknown fields in a strict body', async () => {
    const res = await request(t, {
      method: 'POST',
      url: '/api/_probe/echo',
      payload: { quantity: 1, name: 'a', price: 0 },
    });
    expect(res.statusCode).toBe(400);
  });
  it('answers malformed JSON with 400, not 500', async () => {
    const res = await request(t, {
      method: 'POST',
      url: '/api/_probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"quantity": ',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res, ErrorBody).statusCode).toBe(400);
  });
  it.each([
    ['/conflict', 409, { code: 'BAD_TRANSITION', error: 'Order #7 is shipped; it cannot become paid.' }],
    ['/upstream', 502, { code: 'UPSTREAM_ERROR', error: 'Stripe said no.' }],
  ])('maps a domain error %s to its status and the one error body', async (path, status, expected) => {
    const res = await request(t, { method: 'GET', url: `/api/_probe${path}` });
    expect(res.statusCode).toBe(status);
    expect(json(res, ErrorBody)).toMatchObject({ ...expected, statusCode: status });
  });
  it('never leaks internals on a 500', async () => {
    const res = await request(t, { method: 'GET', url: '/api/_probe/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('postgres://');
    expect(json(res, ErrorBody)).toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});

describe('CORS and security headers', () => {
  it('allows the configured web and admin origins only', async () => {
    for (const origin of ['http://web.test:5173', 'http://admin.test:5174']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/health',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(res.headers['access-control-allow-origin']).toBe(origin);
    }
    const evil = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'GET' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
  it('answers a preflight from an allowed origin before authentication, with what the page may send', async () => {
    const origin = 'http://web.test:5173';
    // api/orders/ needs a bearer token: the preflight (which never carries one) must still be answered.
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/orders/',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toContain('PATCH');
    expect(res.headers['access-control-allow-headers']).toBe('authorization, content-type');
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(res.headers.vary).toContain('Origin');
    // From any other origin, or without one, an OPTIONS is not found, as any unknown route.
    for (const headers of [
      { origin: 'http://evil.test', 'access-control-request-method': 'GET' },
      { 'access-control-request-method': 'GET' },
    ]) {
      const other = await t.app.inject({ method: 'OPTIONS', url: '/api/orders/', headers });
      expect(other.statusCode).toBe(404);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
  it('reflects an allowed origin on its requests and adds no CORS header to any other', async () => {
    const origin = 'http://admin.test:5174';
    const allowed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
    expect(allowed.headers['access-control-allow-origin']).toBe(origin);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers.vary).toContain('Origin');
    for (const headers of [{}, { origin: 'http://evil.test' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });
  it('sets the REST security headers on JSON answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
  it('lets only the docs page run scripts and styles of its own, and frames nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // The relaxed policy is scoped to the docs: a path that only begins the same way keeps the strict one.
    for (const url of ['/api/docs-anything', '/api/docsx', '/api/health?next=/api/docs']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
    }
  });
});

describe('OpenAPI', () => {
  it('publishes an OpenAPI 3 document generated from the contracts, and a browsable UI', async () => {
    const res = await request(t, { method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = json(res, OpenApiDocument);
    expect(doc.openapi).toMatch(/^3\./);
    expect(responseFields(operationOf(doc, '/api/health', 'get'))).toEqual(
      expect.arrayContaining(['status', 'database', 'version']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
