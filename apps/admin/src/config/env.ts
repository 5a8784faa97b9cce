/**
 * The SPA's build-time configuration, read in this one place. Only VITE_-prefixed variables reach the bundle.
 * VITE_API_URL is optional: by default the SPA calls /api on its own origin (the preview/dev server or the
 * production web server proxies it), so one build serves every deployment.
 */
import { z } from 'zod';

const schema = z.object({ VITE_API_URL: z.union([z.url(), z.literal('')]).default('') });

export const env = schema.parse(import.meta.env);
