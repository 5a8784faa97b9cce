/**
 * CORS limited to the configured web and admin origins, and security headers (helmet), in one onRequest hook.
 * Two sets: JSON responses get the short set OWASP recommends for REST APIs (a CSP that allows nothing, no
 * framing, nosniff, HSTS, no caching of prices or account data); only the HTML docs UI under /api/docs gets
 * helmet's page set with a CSP that lets swagger-ui run. Page-only headers (X-DNS-Prefetch-Control,
 * X-Download-Options, Origin-Agent-Cluster, …) mean nothing on JSON and more than doubled every response's size.
 * @see https://cheatsheetseries.owasp.org/cheatsheets/REST_Security_Cheat_Sheet.html#security-headers
 *
 * The helmet headers do not depend on the request (no CSP nonces), so they are computed once at start-up by
 * running helmet's own middleware against a recorder, and copied onto every reply. (@fastify/helmet builds a new
 * helmet middleware, re-parsing the CSP directives, on every request: that alone halved the API's throughput in
 * apps/api/bench/calculate.bench.ts.)
 *
 * CORS is the few lines of the protocol Bindery needs (docs/decisions/0046), not @fastify/cors: that plugin built an
 * options object, a closure and a Vary header on every request, also on the many that are not CORS at all (no
 * Origin header: curl, the SPAs' proxies), and added `Vary: Origin` and `Access-Control-Allow-Credentials` to
 * every answer: 6% of the quote's CPU time. Here a request without an allowed Origin costs one
 * header lookup and gets no CORS header; an allowed origin is reflected with credentials; a preflight from it is
 * answered 204 at once, before any authentication hook (the browser sends no credentials on a preflight).
 * @see https://fetch.spec.whatwg.org/#http-cors-protocol, https://helmetjs.github.io/
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Headers of every JSON answer of the API (plus Cache-Control: no-store, see API_HEADERS). */
export const API_HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  frameguard: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * Headers of the docs UI (HTML under /api/docs, and only there): swagger-ui needs inline styles and its own
 * scripts; nothing else is relaxed, and like every other answer it cannot be framed.
 */
export const DOCS_HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      scriptSrc: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/** The docs UI's paths: /api/docs itself and what lies under it (not /api/docs-anything). */
export const isDocsPath = (url: string) => /^\/api\/docs(?:[/?]|$)/.test(url);

/** The headers helmet sets for these options, exactly as its middleware would set them on a response. */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  helmet(options)({} as unknown as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return Object.fromEntries(headers);
}

/** Every header a JSON answer carries: helmet's API set, and no caching (prices and account data change). */
export function apiSecurityHeaders(): Record<string, string> {
  return { ...securityHeaders(API_HELMET_OPTIONS), 'Cache-Control': 'no-store' };
}

/** The methods a preflight may ask for (every method a route of ours answers), and how long a browser keeps its answer. */
export const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
export const CORS_MAX_AGE_S = 600;

export default fp(
  async (app) => {
    const allowed = new Set(app.config.corsOrigins);
    const apiHeaders = apiSecurityHeaders();
    const docsHeaders = securityHeaders(DOCS_HELMET_OPTIONS);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isDocsPath(request.url) ? docsHeaders : apiHeaders);
      // Not CORS (no Origin), or an origin that is not ours: no CORS header, so the browser keeps the answer from
      // the page that asked. The request itself is still served (CORS protects the reader, not the server).
      const origin = request.headers.origin;
      if (origin === undefined || !allowed.has(origin)) {
        done();
        return;
      }
      reply.headers({
        'access-control-allow-origin': origin,
        'access-control-allow-credentials': 'true',
        vary: 'Origin',
      });
      const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'];
      if (!preflight) {
        done();
        return;
      }
      reply.code(204).headers({
        'access-control-allow-methods': CORS_METHODS,
        'access-control-max-age': String(CORS_MAX_AGE_S),
        'content-length': '0',
      });
      // Whatever headers the page asks to send (Authorization, Content-Type): the origin is one of ours.
      const asked = request.headers['access-control-request-headers'];
      if (asked) reply.header('access-control-allow-headers', asked);
      // Answered here (a callback hook that answers does not call done): no authentication hook sees a preflight.
      reply.send();
    });
    // A preflight needs a route to reach the hook above; any OPTIONS it did not answer is not found, as before.
    app.options('*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());
  },
  { name: 'security', dependencies: ['config'] },
);
