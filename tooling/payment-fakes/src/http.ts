/**
 * The little HTTP plumbing both fakes share: a loopback server that records every request it receives, JSON and
 * HTML answers, and a stop() that also ends the SDKs' keep-alive connections (otherwise close() waits for them).
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@bindery/contracts/messages';

/** One request as the fake received it. `body` is the parsed body (form or JSON), `rawBody` the text. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
  receivedAt: Date;
  /**
   * What the request is, in the provider's terms ('refund.create', 'order.capture'…), when the fake knows it;
   * `fake.received(kind)` lists them.
   */
  kind?: string;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** A JSON value, or a string sent as is (HTML pages). */
  body?: unknown;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface ListenOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
}

export interface RunningServer {
  url: string;
  host: string;
  port: number;
  stop(): Promise<void>;
}

/** Parses a body by its content type: JSON, form-encoded (by `parseForm`) or text. Never throws. */
function parseBody(
  raw: string,
  contentType: string | undefined,
  parseForm: (raw: string) => unknown,
): unknown {
  if (!raw) return undefined;
  if (contentType?.includes('application/json')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return undefined;
    }
  }
  if (contentType?.includes('application/x-www-form-urlencoded')) return parseForm(raw);
  return raw;
}

export async function startServer(
  handler: Handler,
  record: (request: RecordedRequest) => void,
  parseForm: (raw: string) => unknown,
  options: ListenOptions = {},
): Promise<RunningServer> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        rawBody,
        body: parseBody(rawBody, req.headers['content-type'], parseForm),
        receivedAt: new Date(),
      };
      record(request);
      // Handled to the end: a handler's failure is a 500 answer, a failure to send (the client left) ends the socket.
      void Promise.resolve()
        .then(() => handler(request))
        .catch((error: unknown) => ({ status: 500, body: { error: { message: String(error) } } }))
        .then((reply) => send(res, reply))
        .catch(() => res.destroy());
    });
  });
  // Longer than a client's idle socket lives (Node's agents, the SDKs): the server never closes a kept-alive
  // connection just as a client reuses it (an ECONNRESET a real provider, which keeps them longer, does not cause).
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    host,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, reply: Reply) {
  const headers: Record<string, string> = { ...reply.headers };
  let payload = '';
  if (typeof reply.body === 'string') {
    payload = reply.body;
    headers['content-type'] ??= 'text/html; charset=utf-8';
  } else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    headers['content-type'] ??= 'application/json';
  }
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(reply.status, headers);
  res.end(payload);
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  headers,
});
export const redirect = (location: string): Reply => ({ status: 303, headers: { location } });

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/**
 * A minimal hosted page (the provider's checkout/approval screen) with one form per action, under the banner that
 * says these are test servers (docs/decisions/0028: `pnpm start` without keys sends real visitors here).
 */
export function page(title: string, lines: string[], actions: { label: string; action: string }[]): Reply {
  const body = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>`,
    `<p role="note"><strong>${escapeHtml(messages.payments.testModeBanner)}</strong></p>`,
    `<h1>${escapeHtml(title)}</h1>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...actions.map(
      (a) =>
        `<form method="post" action="${escapeHtml(a.action)}"><button type="submit">${escapeHtml(a.label)}</button></form>`,
    ),
    '</body></html>',
  ].join('\n');
  return { status: 200, body };
}

/** A request as GET /__fake/requests lists it (for another process, e.g. the e2e). */
export const requestSummary = (r: RecordedRequest) => ({
  method: r.method,
  path: r.path,
  kind: r.kind ?? null,
  headers: r.headers,
  body: r.body,
  received_at: r.receivedAt,
});

/** GET /__fake/requests[?kind=…]: what the fake received, optionally of one kind only. */
export const listRequests = (fake: FakeServer, query: URLSearchParams): Reply => {
  const kind = query.get('kind');
  const list = kind ? fake.received(kind) : fake.requests;
  return json(200, { requests: list.map(requestSummary) });
};

/** Exact decimal text of integer cents ("1234" → "12.34"), as both providers print amounts. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.34" / "12" → 1234 cents; anything else (more than two decimals, exponents, blanks) → undefined. */
export function decimalToCents(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Replies queued by a test for the next matching request (failure injection), each used once. */
export class OneShotReplies {
  private readonly queue: { method: string; path: string | RegExp; reply: Reply }[] = [];

  add(method: string, path: string | RegExp, reply: Reply) {
    this.queue.push({ method, path, reply });
  }

  take(request: RecordedRequest): Reply | undefined {
    const i = this.queue.findIndex((o) => o.method === request.method && matchesPath(o.path, request.path));
    return i >= 0 ? this.queue.splice(i, 1)[0]?.reply : undefined;
  }
}

/** A group that the pattern always fills (not optional) of a match: a string, where the type says `string | undefined`. */
export function group(match: RegExpMatchArray, index: number): string {
  const value = match[index];
  if (value === undefined) throw new Error(`group ${index} of /${match[0]}/ is empty`);
  return value;
}

export const matchesPath = (pattern: string | RegExp, path: string) =>
  typeof pattern === 'string' ? pattern === path : pattern.test(path);

/** What both fakes offer besides their own API: where they listen, what they received, failure injection. */
export interface FakeServer {
  /** http://127.0.0.1:<port>. */
  url: string;
  host: string;
  port: number;
  /** Every request received, in order (also the hosted pages'). */
  requests: RecordedRequest[];
  /** The requests with this method to this path (or a path matching the pattern). */
  apiRequests(method: string, path: string | RegExp): RecordedRequest[];
  /** The requests of one kind ('refund.create', 'checkout.session.expire', 'capture.refund'…), in order. */
  received(kind: string): RecordedRequest[];
  /** Answers the next request matching method + path with this reply instead (failure injection). */
  respondOnce(method: string, path: string | RegExp, reply: Reply): void;
  /** Forgets the recorded requests. */
  clear(): void;
  stop(): Promise<void>;
}

/** Starts a fake: records every request, lets a queued one-shot reply win, else asks `route`. */
export async function startFake(
  route: Handler,
  parseForm: (raw: string) => unknown,
  options: ListenOptions = {},
  /** Applied to every answer, the queued ones included (e.g. a header the SDK expects on each). */
  finish: (reply: Reply) => Reply = (reply) => reply,
  /** Names a request's kind from its method and path (undefined: no kind). */
  classify: (method: string, path: string) => string | undefined = () => undefined,
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const overrides = new OneShotReplies();
  const server = await startServer(
    async (req) => finish(overrides.take(req) ?? (await route(req))),
    (req) => {
      const kind = classify(req.method, req.path);
      if (kind) req.kind = kind;
      requests.push(req);
    },
    parseForm,
    options,
  );
  return {
    url: server.url,
    host: server.host,
    port: server.port,
    requests,
    apiRequests: (method, path) => requests.filter((r) => r.method === method && matchesPath(path, r.path)),
    received: (kind) => requests.filter((r) => r.kind === kind),
    respondOnce: (method, path, reply) => overrides.add(method, path, reply),
    clear: () => {
      requests.length = 0;
    },
    stop: () => server.stop(),
  };
}
