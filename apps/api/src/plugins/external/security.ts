/**
 * CORS limited to the configured web and admin origins, and security headers (helmet).
 * The API serves JSON and the docs UI only, so its CSP can stay strict except for the docs page.
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

export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // swagger-ui's page needs inline styles and its own scripts.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      scriptSrc: ["'self'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'same-site' },
};

/** The headers helmet sets for these options, exactly as its middleware would set them on a response. */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
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
    const headers = securityHeaders(HELMET_OPTIONS);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security', dependencies: ['config'] },
);
