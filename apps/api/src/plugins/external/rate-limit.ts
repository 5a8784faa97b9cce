/**
 * Rate limiting, off by default and switched on per route (`config.rateLimit`), e.g. for login and sign-up.
 * A limited request gets 429 with the ErrorBody shape.
 * @see https://github.com/fastify/fastify-rate-limit
 */
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        code: 'TOO_MANY_REQUESTS',
        error: `Too many attempts. Please wait ${context.after} and try again.`,
      }),
    });
  },
  { name: 'rate-limit' },
);
