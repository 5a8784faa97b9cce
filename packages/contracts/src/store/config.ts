/**
 * GET /api/config: public runtime configuration for the SPAs, so their builds need no per-deployment values
 * (the web app learns the admin app's URL here, and vice versa).
 */
import { z } from 'zod';

export const PublicConfigResponse = z.object({
  web_url: z.url(),
  admin_url: z.url(),
  api_url: z.url(),
  brand: z.string(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponse>;
