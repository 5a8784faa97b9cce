/**
 * The web app's instance of the shared typed API client, wired to the session in local storage: it sends the
 * access token and refreshes it once, transparently, on a 401.
 */
import { createSessionApiClient } from '@bindery/api-client/session';
import { env } from '../config/env';
import { sessionStore } from './session-store';

export const api = createSessionApiClient({ baseUrl: env.VITE_API_URL, store: sessionStore });
