/**
 * Bodies that never finish and hosts that hoard connections (docs/decisions/0054), on listening apps (real
 * sockets): a JSON body that stalls mid-way is answered 408 and its connection closed after HTTP_BODY_IDLE_TIMEOUT,
 * one trickled a byte at a time (never idle) after HTTP_BODY_TIMEOUT; one address holding more connections than
 * HTTP_MAX_CONNECTIONS_PER_ADDRESS has the extra ones closed at once, and /api/health still answers; Node's server
 * holds the configured headers, whole-request, keep-alive and idle timeouts.
 *
 * Which limit cut a body is read from the server's own log line (its `reason`), not from a wall-clock margin, and
 * each body case runs on an app where only the limit under test can fire first (ADR 0068): the stall on an app
 * whose whole-body limit is far away, the trickle on one whose idle limit is longer than its whole-body limit. A
 * pause of the process (a loaded run: the app and the test share one event loop) delays a cut, it cannot change
 * which one it is. Every wait ends on the event it waits for.
 */
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@bindery/contracts/common';
import { REQUEST_TIMEOUT_TEXT } from '#lib/http-limits.js';
import { setupTestApp, until, type TestContext } from '../helper.js';
import { closedWithin, open as openTo } from '../raw-socket.js';

/** An app with these body limits (seconds) whose log lines are kept: the body watch logs why it cut. */
function appWithLimits(idleSeconds: number, wholeSeconds: number) {
  const lines: string[] = [];
  const t = setupTestApp({
    env: {
      HTTP_BODY_IDLE_TIMEOUT_SECONDS: String(idleSeconds),
      HTTP_BODY_TIMEOUT_SECONDS: String(wholeSeconds),
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '50',
      // Not the defaults, so that the server's settings below can only have come from the configuration.
      HTTP_HEADERS_TIMEOUT_SECONDS: '9',
      UPLOAD_TIMEOUT_MINUTES: '3',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '7',
      HTTP_IDLE_TIMEOUT_SECONDS: '45',
    },
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  /** The reasons of the body watch's cuts so far ('idle' | 'too slow'), in order. */
  const cuts = () =>
    lines
      .map((line) => JSON.parse(line) as { msg?: string; reason?: string })
      .filter((entry) => entry.msg === 'request body timed out: connection closed')
      .map((entry) => entry.reason);
  return { t, cuts, idleMs: idleSeconds * 1000, wholeMs: wholeSeconds * 1000 };
}

// Only the idle limit can cut within the first 20 s on one app; only the whole-body limit within 20 s on the other.
const stalls = appWithLimits(1, 20);
const trickles = appWithLimits(20, 2);
/** Past both bounds above (the file's default is 30 s already; said here so the bounds stay below it). */
const BODY_CASE_TIMEOUT_MS = 25_000;
const t = stalls.t;

const portOf = (app: TestContext) => (app.app.server.address() as { port: number }).port;
let port: number;

/** A raw connection to the stall app (or `to`), from `localAddress` if given. */
const open = (localAddress?: string, to = port) => openTo(to, localAddress);

beforeAll(async () => {
  for (const app of [stalls.t, trickles.t]) await app.app.listen({ port: 0, host: '127.0.0.1' });
  port = portOf(t);
});

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

describe("Node's server", () => {
  it('has the configured headers, whole-request, keep-alive and idle timeouts', () => {
    expect(t.config.http).toMatchObject({
      headersTimeoutMs: 9_000,
      requestTimeoutMs: 180_000,
      keepAliveTimeoutMs: 7_000,
      idleTimeoutMs: 45_000,
    });
    const server = t.app.server;
    expect({
      headersTimeout: server.headersTimeout,
      requestTimeout: server.requestTimeout,
      keepAliveTimeout: server.keepAliveTimeout,
      timeout: server.timeout,
    }).toEqual({
      headersTimeout: t.config.http.headersTimeoutMs,
      requestTimeout: t.config.http.requestTimeoutMs,
      keepAliveTimeout: t.config.http.keepAliveTimeoutMs,
      timeout: t.config.http.idleTimeoutMs,
    });
  });
});

describe('a JSON body that never finishes', () => {
  it(
    'stalled mid-way: answered 408 and closed by the body idle limit (1 s), the whole-body one 20 s away',
    async () => {
      const conn = await open(undefined, portOf(stalls.t));
      const started = Date.now();
      startPost(conn.socket);
      conn.socket.write(JSON_BODY.slice(0, 10));
      // Bounded by the app's whole-body limit: closed before it, so by the idle limit (the log says which, too).
      await closedWithin(conn, stalls.wholeMs, 'the stalled connection is closed');
      expect(stalls.cuts()).toEqual(['idle']);
      // A timer never fires early; a loaded machine only makes it late.
      expect(conn.closedAt - started).toBeGreaterThanOrEqual(stalls.idleMs - 50);
      timeoutAnswer(conn.received);
    },
    BODY_CASE_TIMEOUT_MS,
  );

  it(
    'trickled a byte every 100 ms (never complete): answered 408 and closed by the whole-body limit (2 s) while bytes still arrive',
    async () => {
      const conn = await open(undefined, portOf(trickles.t));
      const started = Date.now();
      startPost(conn.socket);
      // The first byte at once, the rest on a timer: the body is arriving when the limit falls, and never whole.
      conn.socket.write(JSON_BODY[0] ?? '');
      let sent = 1;
      const trickle = setInterval(() => {
        if (!conn.closed && sent < JSON_BODY.length - 1) conn.socket.write(JSON_BODY[sent++] ?? '');
      }, 100);
      try {
        // Bounded by the app's idle limit: closed before it could fire, so by the whole-body limit, which the bytes
        // arriving did not push back.
        await closedWithin(conn, trickles.idleMs, 'the trickled connection is closed');
      } finally {
        clearInterval(trickle);
      }
      expect(trickles.cuts()).toEqual(['too slow']);
      expect(conn.closedAt - started).toBeGreaterThanOrEqual(trickles.wholeMs - 50);
      timeoutAnswer(conn.received);
    },
    BODY_CASE_TIMEOUT_MS,
  );

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
    // Well before any timeout of the server's (headers: 9 s), exactly the limit is still open.
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
