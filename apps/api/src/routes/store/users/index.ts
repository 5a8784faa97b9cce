/**
 * Accounts and sessions under /api/users (the spec's paths, trailing slash optional):
 * register, verify-email/{uidb64}/{token}, resend-verification, login, token/refresh, logout, request-reset-password,
 * reset-password/{uidb64}/{token}; and the admin app's own login and token/refresh under /api/users/admin (its
 * logout is an admin route). Each app has its own session and refresh cookie (docs/decisions/0052). Login, register,
 * resend-verification and reset requests are rate-limited per IP and per e-mail.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@bindery/contracts/messages';
import { confirmEmailRoute } from '@bindery/contracts/store/account';
import { adminSessionRoutes, userRoutes } from '@bindery/contracts/store/users';
import type { SessionApp } from '#db/database.js';
import { contractRoute } from '#lib/contract-route.js';
import cookie from '#plugins/external/cookie.js';
import { sendError } from '#plugins/app/errors.js';
import { isAdminOrigin } from '#plugins/app/users/app-origin.js';
import { AUTH_LIMITS, authRateLimit } from '#plugins/app/users/auth-rate-limits.js';
import {
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
} from '#plugins/app/users/refresh-cookie.js';
import type { IssuedSession } from '#plugins/app/users/sessions.service.js';

/**
 * Puts an issued session on the wire: the refresh token in its app's cookie, the access token and the user in the
 * body.
 */
function hand(reply: FastifyReply, app: SessionApp, s: IssuedSession) {
  setRefreshCookie(reply, app, s.refresh, s.refreshExpiresAt);
  return { access: s.access, access_expires_in: s.accessExpiresIn, user: s.user };
}
const emailOfBody = (request: { body: unknown }) => (request.body as { email: string }).email;

const users: FastifyPluginAsyncZod = async (app) => {
  // The refresh cookie is the only cookie Bindery reads or sets, and only these routes do: the cookie hooks
  // (parse every request's Cookie header, serialize on every send) run here and nowhere else.
  await app.register(cookie);
  contractRoute(
    app,
    userRoutes.register,
    authRateLimit(app, 'register', AUTH_LIMITS.register, emailOfBody),
    async (request, reply) => reply.code(201).send(await app.accounts.register(request.body)),
  );

  contractRoute(
    app,
    userRoutes.verifyEmail,
    authRateLimit(app, 'verify-email', AUTH_LIMITS.emailLink),
    async (request) => app.accounts.verifyEmail(request.params.uidb64, request.params.token),
  );

  // The link of an e-mail change (docs/decisions/0074): public, as the link may open in another browser.
  contractRoute(
    app,
    confirmEmailRoute,
    authRateLimit(app, 'confirm-email', AUTH_LIMITS.emailLink),
    async (request) =>
      app.emailChange.confirm(request.params.uidb64, request.params.emailb64, request.params.token),
  );

  contractRoute(
    app,
    userRoutes.login,
    authRateLimit(app, 'login', AUTH_LIMITS.login, emailOfBody),
    async (request, reply) => hand(reply, 'shop', await app.sessions.login(request.body, 'shop')),
  );

  /** Trades the cookie of `sessionApp` for the next one and an access token of the same session. */
  const refresh = async (request: FastifyRequest, reply: FastifyReply, sessionApp: SessionApp) => {
    const token = readRefreshCookie(request, sessionApp);
    // No cookie is missing input (400), as a login without a password is; a cookie that fails is a 401.
    if (!token) return sendError(reply, 400, messages.auth.refreshRequired);
    try {
      return hand(reply, sessionApp, await app.sessions.refresh(token, sessionApp));
    } catch (error) {
      // A refused token is dead for good: drop the cookie so the browser stops sending it.
      clearRefreshCookie(reply, sessionApp);
      throw error;
    }
  };

  contractRoute(
    app,
    userRoutes.refresh,
    authRateLimit(app, 'refresh', AUTH_LIMITS.refresh),
    async (request, reply) => refresh(request, reply, 'shop'),
  );

  // The admin app's own session (docs/decisions/0052): only from the admin app's pages, only for an admin. The
  // rate limits are the shop's, counted together.
  const fromAdminApp = (request: FastifyRequest) =>
    isAdminOrigin(request.headers.origin, app.config.adminUrl);
  const notFromAdminApp = (reply: FastifyReply) =>
    sendError(reply, 403, messages.admin.adminAppOnly, { code: 'ADMIN_APP_ONLY' });

  contractRoute(
    app,
    adminSessionRoutes.login,
    authRateLimit(app, 'login', AUTH_LIMITS.login, emailOfBody),
    async (request, reply) => {
      if (!fromAdminApp(request)) return notFromAdminApp(reply);
      return hand(reply, 'admin', await app.sessions.login(request.body, 'admin'));
    },
  );

  contractRoute(
    app,
    adminSessionRoutes.refresh,
    authRateLimit(app, 'refresh', AUTH_LIMITS.refresh),
    async (request, reply) => {
      if (!fromAdminApp(request)) return notFromAdminApp(reply);
      return refresh(request, reply, 'admin');
    },
  );

  contractRoute(
    app,
    userRoutes.logout,
    { config: { endsSession: true }, onRequest: app.authenticate },
    async (request, reply) => {
      // authenticate() set the session id of the token it accepted.
      if (request.sessionId) await app.sessions.endSession(request.sessionId);
      clearRefreshCookie(reply, 'shop');
      return reply.code(204).send(null);
    },
  );

  contractRoute(
    app,
    userRoutes.resendVerification,
    authRateLimit(app, 'resend-verification', AUTH_LIMITS.resendVerification, emailOfBody),
    async (request) => app.accounts.resendVerification(request.body.email),
  );

  contractRoute(
    app,
    userRoutes.requestResetPassword,
    authRateLimit(app, 'request-reset', AUTH_LIMITS.requestReset, emailOfBody),
    async (request) => app.accounts.requestPasswordReset(request.body.email),
  );

  contractRoute(
    app,
    userRoutes.resetPassword,
    authRateLimit(app, 'reset-password', AUTH_LIMITS.emailLink),
    async (request) =>
      app.accounts.resetPassword(request.params.uidb64, request.params.token, request.body.password),
  );
};

export default users;
