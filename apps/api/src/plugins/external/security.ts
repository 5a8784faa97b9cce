/**
 * CORS limited to the configured web and admin origins, and security headers (helmet).
 * The API serves JSON and the docs UI only, so its CSP can stay strict except for the docs page.
 * @see https://github.com/fastify/fastify-cors, https://github.com/fastify/fastify-helmet
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

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
    await app.register(helmet, {
      global: true,
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
    });
  },
  { name: 'security', dependencies: ['config'] },
);
