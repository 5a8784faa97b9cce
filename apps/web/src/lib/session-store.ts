/**
 * The web app's session (user + tokens in local storage). Its own module, free of the API client and zod, so the
 * page shell (header badge, Login/Logout) can follow the session without putting them on the home route.
 */
import { createSessionStore } from '@bindery/api-client/session-store';

export const sessionStore = createSessionStore();
