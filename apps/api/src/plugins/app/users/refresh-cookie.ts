/**
 * The refresh token travels only in a cookie (docs/decisions/0025), one cookie per app
 * (docs/decisions/0052): browsers do not keep cookies apart by port, so the web shop and the admin app on one host
 * share a cookie jar, and one cookie for both let each app's sign-in replace the other's session.
 * - Names and paths: the shop's `bindery_refresh` at /api/users/token/refresh (the spec's path), the admin app's
 *   `bindery_admin_refresh` at /api/users/admin/token/refresh. Neither path is a prefix of the other, so each
 *   cookie goes with its own app's refresh call and nothing else.
 * - HttpOnly: page scripts never see it, so an injected script cannot carry it away and keep a session alive
 *   elsewhere; it can only use the session while the page is open.
 * - Secure: never sent over plain HTTP (browsers treat http://localhost and 127.0.0.1 as secure, so local runs work).
 * - SameSite=Strict: another site's page cannot make the browser send it (no cross-site refresh or CSRF).
 * - Expires with the session's refresh lifetime, so it outlives the tab (a reload keeps the user signed in).
 * The access token is answered in the body and kept in the page's memory only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionApp } from '#db/database.js';

export const REFRESH_COOKIES = {
  shop: { name: 'bindery_refresh', path: '/api/users/token/refresh' },
  admin: { name: 'bindery_admin_refresh', path: '/api/users/admin/token/refresh' },
} as const satisfies Record<SessionApp, { name: string; path: string }>;

/** The shop's cookie (the spec's refresh path; the trailing-slash form is what the clients call). */
export const REFRESH_COOKIE = REFRESH_COOKIES.shop.name;
export const REFRESH_COOKIE_PATH = REFRESH_COOKIES.shop.path;

const attributes = (app: SessionApp) =>
  ({ path: REFRESH_COOKIES[app].path, httpOnly: true, secure: true, sameSite: 'strict' }) as const;

export function setRefreshCookie(reply: FastifyReply, app: SessionApp, token: string, expires: Date): void {
  reply.setCookie(REFRESH_COOKIES[app].name, token, { ...attributes(app), expires });
}

export function clearRefreshCookie(reply: FastifyReply, app: SessionApp): void {
  reply.clearCookie(REFRESH_COOKIES[app].name, attributes(app));
}

/**
 * The refresh token of `app` the browser sent, or undefined (none, empty, or absurdly long: never a database
 * look-up). Only that app's cookie is read.
 */
export function readRefreshCookie(request: FastifyRequest, app: SessionApp): string | undefined {
  const value = request.cookies[REFRESH_COOKIES[app].name];
  return value && value.length <= 1000 ? value : undefined;
}
