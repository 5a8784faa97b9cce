/**
 * Accounts and sessions under /api/users (the spec's paths, trailing slash optional):
 * register, verify-email/{uidb64}/{token}, login, token/refresh, logout, request-reset-password,
 * reset-password/{uidb64}/{token}. Login, register and reset requests are rate-limited per IP and per e-mail.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import {
  StoreLoginBody,
  StoreLoginResponse,
  StoreLogoutBody,
  StoreRegisterBody,
  StoreRegisterResponse,
  StoreRequestResetBody,
  StoreRequestResetResponse,
  StoreResetPasswordBody,
  StoreResetPasswordParams,
  StoreResetPasswordResponse,
  StoreTokenRefreshBody,
  StoreTokenRefreshResponse,
  StoreVerifyEmailParams,
  StoreVerifyEmailResponse,
} from '@bindery/contracts/store/users';
import { sendError } from '../../../plugins/app/errors.js';
import { register, requestPasswordReset, resetPassword, verifyEmail } from '../../../plugins/app/users/accounts.service.js';
import { AUTH_LIMITS, authRateLimit } from '../../../plugins/app/users/auth-rate-limits.js';
import type { IssuedSession } from '../../../plugins/app/users/sessions.service.js';

const tags = ['users'];
const pair = (s: IssuedSession) => ({ access: s.access, refresh: s.refresh, access_expires_in: s.accessExpiresIn });
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
      const result = await register(app, request.body);
      if (!result.ok) return sendError(reply, 503, messages.auth.verificationMailFailed, { code: 'MAIL_UNAVAILABLE' });
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
    async (request) => verifyEmail(app, request.params.uidb64, request.params.token),
  );

  app.post(
    '/users/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log in: an access token, a refresh token and the user',
        body: StoreLoginBody,
        response: { 200: StoreLoginResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
      ...authRateLimit(app, 'login', AUTH_LIMITS.login, emailOfBody),
    },
    async (request) => {
      const issued = await app.sessions.login(request.body);
      return { ...pair(issued), user: issued.user };
    },
  );

  app.post(
    '/users/token/refresh',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Trade a refresh token for a new token pair (the old refresh token dies)',
        body: StoreTokenRefreshBody,
        response: { 200: StoreTokenRefreshResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
      ...authRateLimit(app, 'refresh', AUTH_LIMITS.refresh),
    },
    async (request) => pair(await app.sessions.refresh(request.body.refresh)),
  );

  app.post(
    '/users/logout',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Log out: revoke the session of a refresh token',
        body: StoreLogoutBody,
        response: { 204: z.null(), 400: ErrorBody },
      },
    },
    async (request, reply) => {
      await app.sessions.endSessionOfRefreshToken(request.body.refresh);
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
    async (request) => requestPasswordReset(app, request.body.email),
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
    async (request) => resetPassword(app, request.params.uidb64, request.params.token, request.body.password),
  );
};

export default users;
