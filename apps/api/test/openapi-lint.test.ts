/**
 * The OpenAPI document passes Redocly's recommended lint with no error and no warning: every
 * operation names its operationId and security (public ones `security: []`), has a 4xx, and the document names its
 * server and licence (lib/openapi-operations.ts, plugins/external/docs.ts; docs/decisions/0042).
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { operationIdOf } from '@bindery/contracts/route';
import { setupTestApp } from './helper.js';

const t = setupTestApp();

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
}

describe('the OpenAPI document', () => {
  it('passes redocly lint with the recommended rules: 0 errors, 0 warnings', async () => {
    const document = t.app.swagger();
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const report = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`,
    );
    expect(report).toEqual([]);
  });

  it('says which operations need the bearer token, from the access each route declares', () => {
    const paths = t.app.swagger().paths as Record<string, Record<string, Operation>>;
    const operations = new Map(
      Object.entries(paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as const),
      ),
    );
    for (const route of t.app.routeTable) {
      const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '') || '/';
      const op = operations.get(`${route.method} ${path}`);
      if (!op) continue; // hidden from the document (the docs UI's own routes)
      expect(op.operationId, `${route.method} ${route.url}`).toBe(operationIdOf(route.method, route.url));
      const bearer = (op.security ?? []).some((s) => 'bearerAuth' in s);
      expect(bearer, `${route.method} ${route.url} is ${route.access}`).toBe(route.access !== 'public');
    }
    // The payment routes a customer calls with a token say so (they said nothing before), and take an API key with
    // the orders:write scope (docs/decisions/0076).
    expect(operations.get('POST /api/create-checkout-session')?.security).toEqual([
      { bearerAuth: [] },
      { apiKey: ['orders:write'] },
    ]);
  });
});
