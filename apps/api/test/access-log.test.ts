/**
 * The access log (lib/access-log.ts): one line per request, by route pattern, so a mailed token in a path or a
 * searched e-mail address in a query never reaches the log.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { parseEnv } from '../src/env.js';
import { TEST_JWT_SECRET } from './constants.js';
import { createUser, privateDatabase, type TestContext } from './helper.js';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

const t = {} as TestContext;
let drop = async () => undefined as unknown;

beforeAll(async () => {
  const database = await privateDatabase();
  drop = database.drop;
  t.dataDir = await mkdtemp(join(tmpdir(), 'bindery-access-log-'));
  t.config = parseEnv({
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    JWT_SECRET: TEST_JWT_SECRET,
    DATA_DIR: t.dataDir,
    JOBS_ENABLED: 'false',
    NODE_ENV: 'test',
  });
  t.db = database.db;
  t.app = await buildApp({ config: t.config, db: database.db, logger: { level: 'info', stream: sink } });
  await t.app.ready();
});

afterAll(async () => {
  await t.app?.close();
  await t.db?.destroy();
  await drop();
  if (t.dataDir) await rm(t.dataDir, { recursive: true, force: true });
});

const requestLines = (reqId: string) => lines.filter((l) => l.reqId === reqId);

describe('the access log', () => {
  it('writes one line per request: method, route pattern, status and time, never the token in the path', async () => {
    const token = 'tp2yoe-MSBpx9U5sm5ueJTTI2IsIGs-5jig4_GIpsn7q7GVIxs';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/verify-email/Mg/${token}/`,
      headers: { 'x-request-id': 'verify-1' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const mine = requestLines('verify-1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      route: '/api/users/verify-email/:uidb64/:token',
      status: res.statusCode,
    });
    expect(typeof mine[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('leaves out what staff searched for', async () => {
    const admin = await createUser(t, { is_admin: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/admin/users/?q=private.person%40example.test',
      headers: { ...admin.auth, 'x-request-id': 'search-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(requestLines('search-1')).toEqual([
      expect.objectContaining({ route: '/api/users/admin/users', status: 200 }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('private.person');
  });
});
