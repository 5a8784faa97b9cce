/**
 * The production server of one SPA (web or admin) for the root `start`, in place of `vite preview`, which cannot
 * send precompressed files (docs/decisions/0029):
 * - the build's files, as the `.br` or `.gz` copy written at build time when the browser accepts it
 *   (@fastify/static `preCompressed`), hashed assets cached for a year, everything else revalidated;
 * - the history fallback: any other GET outside /assets/ and /api/ answers index.html (client-side routes);
 * - /api proxied to the API, request and answer streamed (uploads of 50 MB included), so the SPA calls its own
 *   origin and one build serves every deployment (docs/decisions/0007).
 * Headers of its own answers come from headers.ts. nginx does the same in docker-compose
 * (deploy/nginx-spa.conf.template).
 */
import proxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { SpaServerConfig } from './env.js';
import { HASHED_ASSETS_PREFIX, SPA_HEADERS, cacheControl } from './headers.js';

const API_PREFIX = '/api/';
/** Uploads pass through unbuffered; this only bounds what the server itself would parse (nothing). */
const PROXY_BODY_LIMIT = 120 * 1024 * 1024;

export async function buildSpaServer(
  config: Pick<SpaServerConfig, 'dir' | 'apiTarget'>,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // A static server's per-request lines would only be noise in the run command's terminal; errors still log.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: PROXY_BODY_LIMIT,
  });

  // The API's answers keep the API's own headers; ours are for the SPA's files and pages.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith(API_PREFIX)) reply.headers(SPA_HEADERS);
    done();
  });

  await app.register(proxy, { upstream: config.apiTarget, prefix: '/api', rewritePrefix: '/api' });

  await app.register(fastifyStatic, {
    root: config.dir,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders: (reply, _path) => {
      reply.header('cache-control', cacheControl(reply.request.url));
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const [path = ''] = request.url.split('?');
    const page =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith(HASHED_ASSETS_PREFIX) &&
      !path.startsWith(API_PREFIX);
    if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    // A client-side route (/shop, /admin/orders/12): the app's page, which routes in the browser.
    return reply.header('cache-control', cacheControl('/index.html')).sendFile('index.html');
  });

  return app;
}
