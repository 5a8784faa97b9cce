/**
 * Responses are checked against their contract in development and tests and only serialized in production (issue
 * 12.3; lib/response-serializer.ts): production still leaves out what a contract does not declare, development
 * still refuses a body that breaks it, and the two write the same JSON for the real routes.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEnv } from '#env.js';
import { responseSerializerCompiler, type ResponseChecks } from '#lib/response-serializer.js';
import { defined, setupTestApp } from './helper.js';

const User = z.object({ id: z.number().int(), email: z.string(), is_admin: z.boolean() });

/** A bare Fastify with the serializer of `mode` and one route answering `body` under the User contract. */
async function appAnswering(mode: ResponseChecks, body: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(mode));
  app.get('/user', { schema: { response: { 200: User } } }, () => body as z.infer<typeof User>);
  await app.ready();
  return app;
}

const row = {
  id: 7,
  email: 'reader@example.test',
  is_admin: false,
  password_hash: 'scrypt$secret',
  token_version: 3,
};

describe('the response serializer', () => {
  it.each(['serialize', 'validate'] as const)('leaves out undeclared fields in %s mode', async (mode) => {
    const app = await appAnswering(mode, row);
    const res = await app.inject({ method: 'GET', url: '/user' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 7, email: 'reader@example.test', is_admin: false });
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('refuses a body that breaks its contract in validate mode (a 500, never the body)', async () => {
    const app = await appAnswering('validate', {
      id: 'seven',
      email: 'reader@example.test',
      is_admin: false,
    });
    const res = await app.inject({ method: 'GET', url: '/user' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('seven');
    await app.close();
  });

  it('checks in development and tests, serializes only in production (the built server), and can be told either way', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'serializer-'));
    const checks = (env: Record<string, string>) => parseEnv({ DATA_DIR: dataDir, ...env }).responseChecks;
    expect(checks({})).toBe('serialize');
    expect(checks({ NODE_ENV: 'test' })).toBe('validate');
    expect(checks({ NODE_ENV: 'development' })).toBe('validate');
    expect(checks({ NODE_ENV: 'production' })).toBe('serialize');
    expect(checks({ NODE_ENV: 'production', RESPONSE_CHECKS: 'validate' })).toBe('validate');
    expect(checks({ RESPONSE_CHECKS: 'serialize' })).toBe('serialize');
  });
});

describe('the real routes in production mode', () => {
  const production = setupTestApp({ env: { RESPONSE_CHECKS: 'serialize' } });
  const checked = setupTestApp({ env: { RESPONSE_CHECKS: 'validate' } });

  it('answer what the checked app answers', async () => {
    expect(production.config.responseChecks).toBe('serialize');
    expect(checked.config.responseChecks).toBe('validate');
    const dropdowns = async (t: typeof production) =>
      (await t.app.inject({ method: 'GET', url: '/api/calculator/dropdowns/' })).json<
        Record<string, { id: number; name: string; trim_size_id?: number | null }[]>
      >();
    const options = await dropdowns(checked);
    expect(await dropdowns(production)).toEqual(options);
    const first = (key: string) => defined(options[key]?.[0], `the first ${key}`).id;
    const trim = first('trim_sizes');
    const binding = defined(
      options['bindings']?.find((b) => b.trim_size_id === trim),
      'a binding on the trim',
    ).id;
    const payload = {
      trim_size_id: trim,
      binding_id: binding,
      interior_color_id: first('interior_colors'),
      paper_type_id: first('paper_types'),
      cover_finish_id: first('cover_finishes'),
      page_count: 120,
      quantity: 150,
    };
    const quote = async (t: typeof production) =>
      t.app.inject({ method: 'POST', url: '/api/calculator/calculate/', payload });
    const [a, b] = [await quote(checked), await quote(production)];
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    // Sent as ready JSON (lib/ready-json.ts), still typed as JSON: Fastify names no type for its own serializer.
    expect(b.headers['content-type']).toBe('application/json; charset=utf-8');
    const estimate = await production.app.inject({
      method: 'POST',
      url: '/api/shipping-rate/',
      payload: { country: 'US', state: 'TX', city: 'Austin', postal_code: '78701', quantity: 2 },
    });
    expect(estimate.statusCode).toBe(200);
    expect(estimate.headers['content-type']).toBe('application/json; charset=utf-8');
    // Errors keep their one body too.
    const missing = await production.app.inject({ method: 'GET', url: '/api/orders/' });
    expect(missing.statusCode).toBe(401);
    expect(Object.keys(missing.json<object>())).toEqual(
      expect.arrayContaining(['error', 'code', 'statusCode']),
    );
  });
});
