/**
 * The admin app's instance of the shared typed API client, wired to this origin's session in local storage
 * (the admin app logs in on its own): bearer token, and one transparent refresh on a 401.
 */
import { createSessionApiClient } from '@bindery/api-client/session';
import { createSessionStore } from '@bindery/api-client/session-store';
import { env } from '../config/env';

export const sessionStore = createSessionStore();
export const api = createSessionApiClient({ baseUrl: env.VITE_API_URL, store: sessionStore });
