/**
 * OpenAPI 3 document generated from the zod contracts every route declares, at /api/docs/json, with the
 * browsable swagger-ui at /api/docs.
 * @see https://github.com/turkerdev/fastify-type-provider-zod#how-to-use-together-with-fastifyswagger
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
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
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs' },
);
