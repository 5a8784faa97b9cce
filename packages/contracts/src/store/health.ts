/** GET /api/health: liveness plus database reachability. */
import { z } from 'zod';
import { defineRoute } from '../route.js';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    reachable: z.boolean(),
    mode: z.enum(['embedded', 'postgres']),
    latency_ms: z.number().nonnegative().optional(),
  }),
  version: z.string(),
  uptime_s: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** GET /api/health: 200 when the database answers, 503 with the same body when it does not (our path, no slash). */
export const healthRoute = defineRoute({
  method: 'GET',
  path: '/api/health',
  operationId: 'getHealth',
  summary: 'Service and database health',
  tags: ['system'],
  access: 'public',
  responses: { 200: HealthResponse, 503: HealthResponse },
});
