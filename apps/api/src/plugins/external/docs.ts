/**
 * OpenAPI 3 document generated from the zod contracts every route declares, at /api/docs/json, with the
 * browsable swagger-ui at /api/docs.
 * @see https://github.com/turkerdev/fastify-type-provider-zod#how-to-use-together-with-fastifyswagger
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import '../../lib/access.js';
import { version } from '../../version.js';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Bindery API', description: 'Print-on-demand book service', version },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
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
