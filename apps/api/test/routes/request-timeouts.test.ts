/**
 * Bodies that never finish and hosts that hoard connections (docs/decisions/0054), on a listening app (real
 * sockets): a JSON body that stalls mid-way is answered 408 and its connection closed after HTTP_BODY_IDLE_TIMEOUT,
 * one trickled a byte at a time (never idle) after HTTP_BODY_TIMEOUT; one address holding more connections than
 * HTTP_MAX_CONNECTIONS_PER_ADDRESS has the extra ones closed at once, and /api/health still answers. Limits are set
 * low through the environment; every wait is bounded and ends on the event it waits for.
 */
import { connect, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { REQUEST_TIMEOUT_TEXT } from '#lib/http-limits.js';
import { setupTestApp } from '../helper.js';

const t = setupTestApp({
  env: {
    // The app and this test share one event loop: a pause of the whole process (a loaded full run) longer than the
    // idle timeout would cut a trickle as idle. 2 s of idleness is far beyond such a pause, while a body that is
    // never idle (a byte every 100 ms) is still cut by the 4 s limit on the whole body.
    HTTP_BODY_IDLE_TIMEOUT_SECONDS: '2',
    HTTP_BODY_TIMEOUT_SECONDS: '4',
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '50',
  },
});
let port: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

/** A raw connection that records what it reads and when it closes. */
async function open(localAddress?: string) {
  const socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
  const conn = { socket, received: '', closed: false, closedAt: 0 };
  socket.on('data', (chunk: Buffer) => (conn.received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  socket.on('close', () => {
    conn.closed = true;
    conn.closedAt = Date.now();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('close', () => reject(new Error('closed before it connected')));
  });
  return conn;
}

/** Resolves once `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const JSON_BODY = JSON.stringify({ email: 'someone@example.test', password: 'not-the-password-at-all' });

function startPost(socket: Socket) {
  socket.write(
    'POST /api/users/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${JSON_BODY.length}\r\n\r\n`,
  );
}

/** The 408 ErrorBody the server wrote before closing. */
function timeoutAnswer(received: string) {
  expect(received.startsWith('HTTP/1.1 408')).toBe(true);
  const body = ErrorBody.parse(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)));
  expect(body).toEqual({ error: REQUEST_TIMEOUT_TEXT, code: 'REQUEST_TIMEOUT', statusCode: 408 });
}

describe('a JSON body that never finishes', () => {
  it('stalled mid-way: answered 408 and closed after the body idle timeout (2 s)', async () => {
    const conn = await open();
    const started = Date.now();
    startPost(conn.socket);
    conn.socket.write(JSON_BODY.slice(0, 10));
    await until(() => conn.closed, 8_000, 'the stalled connection is closed');
    expect(conn.closedAt - started).toBeGreaterThanOrEqual(1_900);
    timeoutAnswer(conn.received);
  });

  it('trickled a byte every 100 ms (never idle): answered 408 and closed after the body timeout (4 s)', async () => {
    const conn = await open();
    const started = Date.now();
    startPost(conn.socket);
    let sent = 0;
    let lastWrite = Date.now();
    let longestGap = 0;
    const trickle = setInterval(() => {
      if (conn.closed || sent >= JSON_BODY.length - 1) return;
      conn.socket.write(JSON_BODY[sent++] ?? '');
      longestGap = Math.max(longestGap, Date.now() - lastWrite);
      lastWrite = Date.now();
    }, 100);
    try {
      await until(() => conn.closed, 12_000, 'the trickled connection is closed');
    } finally {
      clearInterval(trickle);
    }
    expect(
      conn.closedAt - started,
      `closed by the whole-body limit, not as idle (longest pause between bytes: ${longestGap} ms)`,
    ).toBeGreaterThanOrEqual(3_900);
    timeoutAnswer(conn.received);
  });

  it('a body sent whole is answered as usual (the watch ends with the body)', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/users/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON_BODY,
    });
    expect(res.status).toBe(401);
  });
});

describe('one host opening many connections', () => {
  const held: { socket: Socket; closed: boolean }[] = [];
  afterAll(() => {
    for (const conn of held) conn.socket.destroy();
  });

  it('keeps 50 of its 300 idle connections; the rest are closed at once and /api/health answers', async () => {
    // Another address on the loopback: the test's own requests below come from 127.0.0.1.
    for (let i = 0; i < 300; i += 1) {
      try {
        held.push(await open('127.0.0.2'));
      } catch {
        // Refused while connecting: closed by the limit already.
        held.push({ socket: new Socket(), closed: true });
      }
    }
    await until(() => held.filter((c) => c.closed).length >= 250, 5_000, '250 connections closed');
    // Well before any timeout of the server's (headers: 10 s), exactly the limit is still open.
    expect(held.filter((c) => !c.closed)).toHaveLength(50);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    // Once the host lets go, it may connect again.
    for (const conn of held) conn.socket.destroy();
    await until(() => held.every((c) => c.closed), 5_000, 'all closed');
    const again = await open('127.0.0.2');
    again.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    await until(() => again.closed, 5_000, 'the health answer');
    expect(again.received.startsWith('HTTP/1.1 200')).toBe(true);
  });
});
