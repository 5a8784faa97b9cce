/**
 * How long a client may take to send a request, and how many connections one address may hold (docs/decisions/0054).
 * - Node's server (serverOptions): the headers within HTTP_HEADERS_TIMEOUT, any whole request — an upload included —
 *   within UPLOAD_TIMEOUT (Node's requestTimeout; both checked every second), an idle keep-alive connection closed
 *   after HTTP_KEEP_ALIVE_TIMEOUT, and a connection on which nothing moves either way (a client that stops reading
 *   an answer) after HTTP_IDLE_TIMEOUT.
 * - Every request body (watchBodies, an onRequest hook): a body that is not multipart must not pause for
 *   HTTP_BODY_IDLE_TIMEOUT and must be whole within HTTP_BODY_TIMEOUT; a multipart body (an upload) must not pause
 *   for UPLOAD_IDLE_TIMEOUT and may otherwise take until UPLOAD_TIMEOUT. Past that it is answered 408 (if nothing was
 *   answered yet) and its connection closed, so a stalled or trickled body never holds a connection and a handler.
 * - limitConnectionsPerAddress: at most HTTP_MAX_CONNECTIONS_PER_ADDRESS open sockets per client address; more are
 *   closed at once. Only where the socket's address is the client's: behind a proxy (TRUST_PROXY) the proxy holds
 *   the limit (deploy/nginx-spa.conf.template's limit_conn), and the proxy's own sockets are never limited here.
 */
import { BlockList, isIP, type Server, type Socket } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { HttpLimits, TrustProxy } from '#env.js';

/** What a client whose body stalled or took too long reads, if it still reads (ErrorBody). */
export const REQUEST_TIMEOUT_TEXT =
  'The request took too long to arrive. Please check your connection and try again.';

/** Fastify's server options for these limits (Node checks the headers and request deadlines every second). */
export function serverOptions(limits: HttpLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
  } satisfies Partial<FastifyHttpOptions<HttpServer>>;
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/**
 * Cuts a request whose body pauses or takes too long (see the file's comment). The pause is the socket's own idle
 * timer (Node refreshes it on every read), armed while the body arrives and put back to the server's when the body
 * has been read; the whole-body deadline is a timer. Both end when the body ends, the request closes or the answer
 * is written.
 */
export function watchBodies(app: FastifyInstance, limits: HttpLimits): void {
  app.addHook('onRequest', (request, reply, done) => {
    const req = request.raw;
    const socket = req.socket as Socket | null;
    // app.inject has no real socket; a request without a body has nothing to wait for.
    if (!socket || typeof socket.setTimeout !== 'function' || req.complete || !hasBody(req.headers)) {
      done();
      return;
    }
    const upload = (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
    const serverIdle = socket.timeout ?? 0;
    const bodyIdle = upload ? limits.uploadIdleTimeoutMs : limits.bodyIdleTimeoutMs;
    let watching = true;
    let deadline: NodeJS.Timeout | undefined;
    const stop = () => {
      if (!watching) return;
      watching = false;
      clearTimeout(deadline);
      req.off('timeout', onIdle);
      reply.raw.off('timeout', onIdle);
      req.off('end', stop);
      req.off('close', stop);
      reply.raw.off('close', stop);
      // Unless Node moved on meanwhile (a keep-alive wait after an answer sent before the body was read).
      if (!socket.destroyed && socket.timeout === bodyIdle) socket.setTimeout(serverIdle);
    };
    const cut = (reason: 'idle' | 'too slow') => {
      stop();
      request.log.info({ reason, upload }, 'request body timed out: connection closed');
      // Reset, not closed (nginx's reset_timedout_connection): the client's unsent body is refused at once, and the
      // kernel keeps nothing of it; a FIN would leave a client with bytes in flight probing a closed window.
      const reset = () => {
        if (!socket.destroyed) socket.resetAndDestroy();
      };
      if (reply.raw.headersSent || !socket.writable) {
        reset();
        return;
      }
      // Written as Node writes its own 408 (the request has no answer yet, and will get none through Fastify).
      const body = JSON.stringify({ error: REQUEST_TIMEOUT_TEXT, code: 'REQUEST_TIMEOUT', statusCode: 408 });
      socket.write(
        'HTTP/1.1 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        reset,
      );
      // A client that does not read its answer either: reset all the same.
      setTimeout(reset, 1000).unref();
    };
    // Node emits 'timeout' on the request while it is incomplete, else on the answer: listening on both keeps Node
    // from closing the socket itself, so a body that is whole (not yet read by its handler) is not cut.
    const onIdle = () => {
      if (req.complete) stop();
      else cut('idle');
    };
    if (!upload) deadline = setTimeout(() => cut('too slow'), limits.bodyTimeoutMs).unref();
    socket.setTimeout(bodyIdle);
    req.on('timeout', onIdle);
    reply.raw.on('timeout', onIdle);
    req.once('end', stop);
    req.once('close', () => {
      if (req.complete || socket.destroyed) stop();
    });
    // An answer written before the body was read (a 401 of a route that needs a session) leaves the rest of the
    // body to arrive: the watch goes on until it has (Node put its keep-alive timer on the socket when the answer
    // finished: the body's idle timer again), so a stalled or trickled one is cut (reset) all the same.
    reply.raw.once('close', () => {
      if (req.complete || socket.destroyed) stop();
      else socket.setTimeout(bodyIdle);
    });
    done();
  });
}

/** Fastify's named proxy ranges (proxy-addr), as subnets. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** The socket's address as its family writes it (an IPv4 client of a dual-stack socket is ::ffff:a.b.c.d). */
export function clientAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * Which socket addresses are proxies (TRUST_PROXY), whose sockets carry many clients and are never limited:
 * `undefined` for a hop count, where any peer may be the proxy, so no socket's address is known to be a client's.
 */
export function proxyAddresses(trust: TrustProxy): ((address: string) => boolean) | undefined {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return undefined;
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [net, prefix, family] of named) list.addSubnet(net, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * At most `max` open sockets per client address: one more is closed as it connects (before it costs a request),
 * so one host cannot take the process's file descriptors, and a health check from elsewhere still gets through.
 * Returns the open counts (for a test or a log line), or undefined when no limit applies.
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  isProxy: ((address: string) => boolean) | undefined,
): Map<string, number> | undefined {
  if (max <= 0 || !isProxy) return undefined;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket.remoteAddress);
    if (!address || isProxy(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return open;
}
