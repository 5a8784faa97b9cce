/**
 * Accounts and sessions (customer-facing): sign-up, e-mail verification, login, token refresh, logout and
 * password reset. The field rules here are the ones the server enforces; the SPAs reuse them for instant
 * feedback, so both say the same words (messages.auth).
 * Paths: api/users/{register,login,token/refresh,logout,request-reset-password,resend-verification}/,
 * api/users/reset-password/{uidb64}/{token}/, api/users/verify-email/{uidb64}/{token}/; and the admin app's own
 * sign-in, api/users/admin/{login,token/refresh}/ (its logout is an admin route: admin/users.ts). Each app has a
 * session and a refresh cookie of its own (docs/decisions/0052).
 */
import { z } from 'zod';
import { ErrorBody } from '../common.js';
import { messages } from '../messages.js';
import { defineRoute } from '../route.js';

const m = messages.auth;

/** The strength rule of docs/spec/customer-journey.md / original §8: 8+ characters, upper, lower, digit, symbol. */
export const PASSWORD_MIN_LENGTH = 8;
/** An upper bound keeps a hostile multi-megabyte "password" from costing a scrypt run on it. */
export const PASSWORD_MAX_LENGTH = 128;

/** True when a password meets the policy (the same check as the schema, for live hints in forms). */
export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

/** A new password (sign-up, reset): the policy, with one clear message. */
export const NewPassword = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: m.passwordTooLong })
  .refine(meetsPasswordPolicy, { error: m.passwordPolicy });

/** An existing password (login): only required, so an old password from a weaker policy still works. */
export const CurrentPassword = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: m.passwordTooLong });

/** An e-mail address, trimmed. Case is kept as typed; uniqueness and look-ups ignore it. */
export const Email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired })
  .max(254, { error: m.emailInvalid })
  .pipe(z.email({ error: m.emailInvalid }));

export const UserName = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, { error: m.nameRequired })
  .max(150, { error: m.nameTooLong });

/** A plain `{ message }` answer. */
export const StoreMessageResponse = z.object({ message: z.string() });
export type StoreMessageResponse = z.infer<typeof StoreMessageResponse>;

/** POST api/users/register/ */
export const StoreRegisterBody = z.object({ name: UserName, email: Email, password: NewPassword }).strict();
export type StoreRegisterBody = z.infer<typeof StoreRegisterBody>;
export const StoreRegisterResponse = StoreMessageResponse;
export type StoreRegisterResponse = z.infer<typeof StoreRegisterResponse>;

/** The user as the SPAs keep it in the session (local storage). */
export const SessionUser = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  is_admin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** POST api/users/login/ */
export const StoreLoginBody = z.object({ email: Email, password: CurrentPassword }).strict();
export type StoreLoginBody = z.infer<typeof StoreLoginBody>;

/**
 * What a login or a refresh answers in the body: `access`, a short-lived bearer JWT (ACCESS_TOKEN_TTL_MINUTES) bound
 * to the session, which the page keeps in memory only. The refresh token is never in a body: it travels in an
 * HttpOnly, Secure, SameSite=Strict cookie scoped to api/users/token/refresh/ (single-use, rotated at every
 * refresh, revoked by logout and by a password reset; docs/decisions/0025).
 */
export const StoreAccessToken = z.object({
  access: z.string(),
  /** Seconds until `access` expires, so a client can refresh ahead of time if it wants to. */
  access_expires_in: z.number().int().positive(),
});
export type StoreAccessToken = z.infer<typeof StoreAccessToken>;

export const StoreLoginResponse = StoreAccessToken.extend({ user: SessionUser });
export type StoreLoginResponse = z.infer<typeof StoreLoginResponse>;

/**
 * POST api/users/token/refresh/ : no body; the refresh cookie is traded for a new access token and the next refresh
 * cookie (the old token dies). The user comes back too, so a page that restored its session from the cookie alone
 * knows who is signed in.
 */
export const StoreTokenRefreshResponse = StoreAccessToken.extend({ user: SessionUser });
export type StoreTokenRefreshResponse = z.infer<typeof StoreTokenRefreshResponse>;

/** POST api/users/logout/ : bearer; revokes the session of the access token and clears the shop's refresh cookie. 204. */

/** POST api/users/request-reset-password/ : always the same answer, whether or not the account exists. */
export const StoreRequestResetBody = z.object({ email: Email }).strict();
export type StoreRequestResetBody = z.infer<typeof StoreRequestResetBody>;
export const StoreRequestResetResponse = StoreMessageResponse;
export type StoreRequestResetResponse = z.infer<typeof StoreRequestResetResponse>;

/**
 * POST api/users/resend-verification/ : a fresh verification link for an account not verified yet; always the same
 * answer, whether the address is unknown, verified or waiting (docs/decisions/0059).
 */
export const StoreResendVerificationBody = z.object({ email: Email }).strict();
export type StoreResendVerificationBody = z.infer<typeof StoreResendVerificationBody>;
export const StoreResendVerificationResponse = StoreMessageResponse;
export type StoreResendVerificationResponse = z.infer<typeof StoreResendVerificationResponse>;

/**
 * The two parts of a mailed link. Kept loose on purpose: a mangled link gets the flow's own message
 * ('Invalid or expired verification link.'), not a field-validation error.
 */
export const StoreEmailLinkParams = z
  .object({ uidb64: z.string().min(1).max(64), token: z.string().min(1).max(200) })
  .strict();
export type StoreEmailLinkParams = z.infer<typeof StoreEmailLinkParams>;

/** POST api/users/reset-password/{uidb64}/{token}/ */
export const StoreResetPasswordParams = StoreEmailLinkParams;
export type StoreResetPasswordParams = z.infer<typeof StoreResetPasswordParams>;
export const StoreResetPasswordBody = z.object({ password: NewPassword }).strict();
export type StoreResetPasswordBody = z.infer<typeof StoreResetPasswordBody>;
export const StoreResetPasswordResponse = StoreMessageResponse;
export type StoreResetPasswordResponse = z.infer<typeof StoreResetPasswordResponse>;

/** GET api/users/verify-email/{uidb64}/{token}/ */
export const StoreVerifyEmailParams = StoreEmailLinkParams;
export type StoreVerifyEmailParams = z.infer<typeof StoreVerifyEmailParams>;
export const StoreVerifyEmailResponse = StoreMessageResponse;
export type StoreVerifyEmailResponse = z.infer<typeof StoreVerifyEmailResponse>;

const tags = ['users'];

/** Accounts and sessions (apps/api/src/routes/store/users): the spec's paths under /api/users/. */
export const userRoutes = {
  register: defineRoute({
    method: 'POST',
    path: '/api/users/register/',
    operationId: 'postUsersRegister',
    summary: 'Sign up; sends the verification mail',
    tags,
    access: 'public',
    body: StoreRegisterBody,
    responses: { 201: StoreRegisterResponse, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
  }),
  verifyEmail: defineRoute({
    method: 'GET',
    path: '/api/users/verify-email/{uidb64}/{token}/',
    operationId: 'getUsersVerifyEmailByUidb64ByToken',
    summary: 'Verify an e-mail address from the mailed link',
    tags,
    access: 'public',
    params: StoreVerifyEmailParams,
    responses: { 200: StoreVerifyEmailResponse, 400: ErrorBody, 429: ErrorBody },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/api/users/login/',
    operationId: 'postUsersLogin',
    summary: 'Log in: the access token and the user; the refresh token is set as an HttpOnly cookie',
    tags,
    access: 'public',
    body: StoreLoginBody,
    responses: { 200: StoreLoginResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/users/token/refresh/',
    operationId: 'postUsersTokenRefresh',
    summary:
      'Trade the refresh cookie for a new access token and the next refresh cookie (the old token dies)',
    tags,
    access: 'public',
    // Public (no bearer token), but it takes the HttpOnly refresh cookie (docs/decisions/0025).
    security: [{ refreshCookie: [] }],
    responses: { 200: StoreTokenRefreshResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/users/logout/',
    operationId: 'postUsersLogout',
    summary: 'Log out: revoke the session of the bearer token and clear the refresh cookie',
    tags,
    access: 'customer',
    responses: { 204: null, 401: ErrorBody },
  }),
  resendVerification: defineRoute({
    method: 'POST',
    path: '/api/users/resend-verification/',
    operationId: 'postUsersResendVerification',
    summary: 'Mail a new verification link to an unverified account (same answer whatever the address)',
    tags,
    access: 'public',
    body: StoreResendVerificationBody,
    responses: { 200: StoreResendVerificationResponse, 400: ErrorBody, 429: ErrorBody },
  }),
  requestResetPassword: defineRoute({
    method: 'POST',
    path: '/api/users/request-reset-password/',
    operationId: 'postUsersRequestResetPassword',
    summary: 'Mail a password reset link (same answer whether or not the account exists)',
    tags,
    access: 'public',
    body: StoreRequestResetBody,
    responses: { 200: StoreRequestResetResponse, 400: ErrorBody, 429: ErrorBody },
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/api/users/reset-password/{uidb64}/{token}/',
    operationId: 'postUsersResetPasswordByUidb64ByToken',
    summary: 'Set a new password from the mailed link',
    tags,
    access: 'public',
    params: StoreResetPasswordParams,
    body: StoreResetPasswordBody,
    responses: { 200: StoreResetPasswordResponse, 400: ErrorBody, 429: ErrorBody },
  }),
};

/**
 * The admin app's sign-in (docs/decisions/0052): a session of its own, apart from the web shop's on the same host.
 * Login opens an admin session for an admin account only (403 NOT_AN_ADMIN for any other, and nothing is opened);
 * its refresh token is the HttpOnly cookie `bindery_admin_refresh`, scoped to api/users/admin/token/refresh/, which
 * renews admin sessions only, while the account is still an admin. Both answer 403 to a page of another origin
 * than the admin app's (a browser's Origin header). The answers are the shop's.
 */
export const adminSessionRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/users/admin/login/',
    operationId: 'postUsersAdminLogin',
    summary:
      'Staff log in to the admin app: an admin session; its refresh token is set as an HttpOnly cookie',
    tags,
    access: 'public',
    body: StoreLoginBody,
    responses: { 200: StoreLoginResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/api/users/admin/token/refresh/',
    operationId: 'postUsersAdminTokenRefresh',
    summary: "Trade the admin app's refresh cookie for a new access token of its admin session",
    tags,
    access: 'public',
    // Public (no bearer token), but it takes the admin app's HttpOnly refresh cookie (docs/decisions/0052).
    security: [{ adminRefreshCookie: [] }],
    responses: {
      200: StoreTokenRefreshResponse,
      400: ErrorBody,
      401: ErrorBody,
      403: ErrorBody,
      429: ErrorBody,
    },
  }),
};
