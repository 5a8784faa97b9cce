/**
 * Accounts and sessions under /api/users (the spec's paths, trailing slash optional):
 * register, verify-email/{uidb64}/{token}, login, token/refresh, logout, request-reset-password,
 * reset-password/{uidb64}/{token}. Login, register and reset requests are rate-limited per IP and per e-mail.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import {
  StoreLoginBody,
  StoreLoginResponse,
  StoreRegisterBody,
  StoreRegisterResponse,
  StoreRequestResetBody,
  StoreRequestResetResponse,
  StoreResetPasswordBody,
  StoreResetPasswordParams,
  StoreResetPasswordResponse,
  StoreTokenRefreshResponse,
  StoreVerifyEmailParams,
  StoreVerifyEmailResponse,
} from '@bindery/contracts/store/users';
import { sendError } from '#plugins/app/errors.js';
import { AUTH_LIMITS, authRateLimit } from '#plugins/app/users/auth-rate-limits.js';
import {
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
} from '#plugins/app/users/refresh-cookie.js';
import type { IssuedSession } from '#plugins/app/users/sessions.service.js';

const tags = ['users'];
/** Puts an issued session on the wire: the refresh token in its cookie, the access token and the user in the body. */
function hand(reply: FastifyReply, s: IssuedSession) {
  setRefreshCookie(reply, s.refresh, s.refreshExpiresAt);
  return { access: s.access, access_expires_in: s.accessExpiresIn, user: s.user };
}
const emailOfBody = (request: { body: unknown }) => (request.body as { email: string }).email;

const users: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign up; sends the verification mail',
        body: StoreRegisterBody,
        response: { 201: StoreRegisterResponse, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
      ...authRateLimit(app, 'register', AUTH_LIMITS.register, emailOfBody),
    },
    async (request, reply) => {
      const result = await app.accounts.register(request.body);
      if (!result.ok)
        return sendError(reply, 503, messages.auth.verificationMailFailed, { code: 'MAIL_UNAVAILABLE' });
      return reply.code(201).send(result.body);
    },
  );

  app.get(
    '/users/verify-email/:uidb64/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verify an e-mail address from the mailed link',
        params: StoreVerifyEmailParams,
        response: { 200: StoreVerifyEmailResponse, 400: ErrorBody, 429: ErrorBody },
      },
      ...authRateLimit(app, 'verify-email', AUTH_LIMITS.emailLink),
    },
    async (request) => app.accounts.verifyEmail(request.params.uidb64, request.params.token),
  );

  app.post(
    '/users/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in: the access token and the user; the refresh token is set as an HttpOnly cookie',
        body: StoreLoginBody,
        response: { 200: StoreLoginResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
      ...authRateLimit(app, 'login', AUTH_LIMITS.login, emailOfBody),
    },
    async (request, reply) => hand(reply, await app.sessions.login(request.body)),
  );

  app.post(
    '/users/token/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Trade the refresh cookie for a new access token and the next refresh cookie (the old token dies)',
        // Public (no bearer token), but it takes the HttpOnly refresh cookie (docs/decisions/0025).
        security: [{ refreshCookie: [] }],
        response: { 200: StoreTokenRefreshResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
      ...authRateLimit(app, 'refresh', AUTH_LIMITS.refresh),
    },
    async (request, reply) => {
      const token = readRefreshCookie(request);
      // No cookie is missing input (400), as a login without a password is; a cookie that fails is a 401.
      if (!token) return sendError(reply, 400, messages.auth.refreshRequired);
      try {
        return hand(reply, await app.sessions.refresh(token));
      } catch (error) {
        // A refused token is dead for good: drop the cookie so the browser stops sending it.
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/users/logout',
    {
      config: { access: 'customer', endsSession: true },
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Log out: revoke the session of the bearer token and clear the refresh cookie',
        response: { 204: z.null(), 401: ErrorBody },
      },
    },
    async (request, reply) => {
      // authenticate() set the session id of the token it accepted.
      if (request.sessionId) await app.sessions.endSession(request.sessionId);
      clearRefreshCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/request-reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        body: StoreRequestResetBody,
        response: { 200: StoreRequestResetResponse, 400: ErrorBody, 429: ErrorBody },
      },
      ...authRateLimit(app, 'request-reset', AUTH_LIMITS.requestReset, emailOfBody),
    },
    async (request) => app.accounts.requestPasswordReset(request.body.email),
  );

  app.post(
    '/users/reset-password/:uidb64/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Set a new password from the mailed link',
        params: StoreResetPasswordParams,
        body: StoreResetPasswordBody,
        response: { 200: StoreResetPasswordResponse, 400: ErrorBody, 429: ErrorBody },
      },
      ...authRateLimit(app, 'reset-password', AUTH_LIMITS.emailLink),
    },
    async (request) =>
      app.accounts.resetPassword(request.params.uidb64, request.params.token, request.body.password),
  );
};

export default users;
