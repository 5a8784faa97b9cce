/** The web app's instance of the shared typed API client. */
import { createApiClient } from '@bindery/api-client';
import { env } from '../config/env';

export const api = createApiClient({ baseUrl: env.VITE_API_URL });
