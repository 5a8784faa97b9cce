/**
 * CORS limited to the configured web and admin origins, and security headers (helmet).
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
 * @see https://github.com/fastify/fastify-cors, https://helmetjs.github.io/
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
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

export default fp(
  async (app) => {
    const allowed = new Set(app.config.corsOrigins);
    await app.register(cors, {
      // Requests without an Origin header (curl, server-to-server) are not CORS and pass; browsers from other
      // origins get no Access-Control-Allow-Origin and are blocked by the browser.
      origin: (origin, cb) => cb(null, !origin || allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
    });
    const apiHeaders = apiSecurityHeaders();
    const docsHeaders = securityHeaders(DOCS_HELMET_OPTIONS);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isDocsPath(request.url) ? docsHeaders : apiHeaders);
      done();
    });
  },
  { name: 'security', dependencies: ['config'] },
);
