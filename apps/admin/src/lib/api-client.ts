/**
 * The admin app's instance of the shared typed API client, wired to this origin's session in local storage
 * (the admin app logs in on its own): bearer token, and one transparent refresh on a 401. Its session is the admin
 * app's own (docs/decisions/0052): api/users/admin/{login,token/refresh,logout}/ and the cookie
 * `bindery_admin_refresh`, apart from the web shop's on the same host.
 */
import { ADMIN_SESSION, createSessionApiClient } from '@bindery/api-client/session';
import { createSessionStore } from '@bindery/api-client/session-store';
import { env } from '../config/env';

export const sessionStore = createSessionStore();
export const api = createSessionApiClient({
  baseUrl: env.VITE_API_URL,
  store: sessionStore,
  session: ADMIN_SESSION,
});
