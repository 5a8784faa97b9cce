/**
 * The refresh token travels only in a cookie (issue 11.7, docs/decisions/0025):
 * - HttpOnly: page scripts never see it, so an injected script cannot carry it away and keep a session alive
 *   elsewhere; it can only use the session while the page is open.
 * - Secure: never sent over plain HTTP (browsers treat http://localhost and 127.0.0.1 as secure, so local runs work).
 * - SameSite=Strict: another site's page cannot make the browser send it (no cross-site refresh or CSRF).
 * - Path=/api/users/token/refresh: sent with the refresh call and nothing else, not with every API request.
 * - Expires with the session's refresh lifetime, so it outlives the tab (a reload keeps the user signed in).
 * The access token is answered in the body and kept in the page's memory only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'bindery_refresh';
/** The spec's refresh path; the trailing-slash form is what the clients call (cookie paths match by prefix). */
export const REFRESH_COOKIE_PATH = '/api/users/token/refresh';

const attributes = { path: REFRESH_COOKIE_PATH, httpOnly: true, secure: true, sameSite: 'strict' } as const;

export function setRefreshCookie(reply: FastifyReply, token: string, expires: Date): void {
  reply.setCookie(REFRESH_COOKIE, token, { ...attributes, expires });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, attributes);
}

/** The refresh token the browser sent, or undefined (none, empty, or absurdly long: never a database look-up). */
export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 1000 ? value : undefined;
}
