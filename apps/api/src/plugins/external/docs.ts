/**
 * OpenAPI 3 document generated from the zod contracts every route declares, at /api/docs/json, with the
 * browsable swagger-ui at /api/docs.
 * @see https://github.com/turkerdev/fastify-type-provider-zod#how-to-use-together-with-fastifyswagger
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ErrorBody } from '@bindery/contracts/common';
import '#lib/access.js';
import { completeOperation } from '#lib/openapi-operations.js';
import { REFRESH_COOKIES } from '#plugins/app/users/refresh-cookie.js';
import { version } from '#version.js';

/** Typed as present, but a route declared without a schema (the UI's own) reaches the transform without one. */
function declaredOrEmpty<S extends object>(schema: S | undefined): S | Record<string, never> {
  return schema ?? {};
}

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Bindery API',
          description: 'Print-on-demand book service',
          version,
          license: { name: 'MIT', identifier: 'MIT' },
        },
        // Paths start with /api: the server is the API's public origin (PUBLIC_API_URL).
        servers: [{ url: app.config.apiUrl, description: 'This Bindery API' }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // A business client's key, `Authorization: Bearer bnd_live_<prefix>_<secret>`; each operation that takes
            // one names the scope it needs (docs/decisions/0076).
            apiKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'bnd_live_<prefix>_<secret>',
              description:
                'An API key made by staff for a customer account. Scopes: catalog:read, orders:write, orders:read.',
            },
            // The refresh token lives in an HttpOnly cookie scoped to the refresh path (docs/decisions/0025), one
            // per app (docs/decisions/0052).
            refreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIES.shop.name },
            adminRefreshCookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIES.admin.name },
          },
        },
      },
      // Each operation also states its operationId, security and a 4xx (lib/openapi-operations.ts).
      transform: ({ schema, url, route, ...rest }) => {
        return jsonSchemaTransform({
          ...rest,
          url,
          route,
          schema: completeOperation(
            declaredOrEmpty(schema),
            {
              method: route.method,
              url,
              access: route.config?.access,
              apiKeyScope: route.config?.apiKeyScope,
            },
            ErrorBody,
          ),
        });
      },
      transformObject: jsonSchemaTransformObject,
    });
    // The UI's routes are the plugin's own: they are declared public here, in a context of their own (every route
    // declares who may call it, lib/access.ts).
    await app.register(async (ui) => {
      ui.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await ui.register(swaggerUi, { routePrefix: '/api/docs' });
    });
  },
  { name: 'docs' },
);
