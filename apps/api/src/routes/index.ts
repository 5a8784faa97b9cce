/**
 * Every route module, mounted under /api. Store routes serve customers and visitors; admin routes check the
 * admin role on the server (see plugins/app/auth.ts). One line per resource; keep the list sorted.
 */
import type { FastifyPluginAsync } from 'fastify';
import config from './store/config/index.js';
import health from './store/health/index.js';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(config);
  await app.register(health);
};

export default routes;
