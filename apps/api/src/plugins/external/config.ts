/** Decorates the app with its validated Config, so plugins and routes never read the environment. */
import fp from 'fastify-plugin';
import type { Config } from '#env.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export default fp<{ config: Config }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
  },
  { name: 'config' },
);
