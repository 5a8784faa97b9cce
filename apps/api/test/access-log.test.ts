/**
 * The access log (lib/access-log.ts): one line per request, by route pattern, so a mailed token in a path or a
 * searched e-mail address in a query never reaches the log.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createUser, setupTestApp } from './helper.js';

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

const t = setupTestApp({ logger: { level: 'info', stream: sink } });

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
    expect(typeof mine[0]?.ms).toBe('number');
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
