/** GET /api/health: liveness and database reachability (503 when the database cannot be reached). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoute } from '@bindery/contracts/store/health';
import { pingDatabase } from '#db/connect.js';
import { contractRoute } from '#lib/contract-route.js';
import { version } from '#version.js';

const health: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, healthRoute, async (_request, reply) => {
    const latency = await pingDatabase(app.db);
    const reachable = latency !== undefined;
    const body = {
      status: reachable ? ('ok' as const) : ('degraded' as const),
      database: {
        reachable,
        mode: app.dbMode,
        ...(reachable ? { latency_ms: Math.round(latency * 100) / 100 } : {}),
      },
      version,
      uptime_s: Math.round(process.uptime()),
    };
    return reply.code(reachable ? 200 : 503).send(body);
  });
};

export default health;
