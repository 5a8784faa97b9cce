/** GET /api/health: liveness plus database reachability. */
import { z } from 'zod';

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
