/**
 * The customer's own account (docs/decisions/0067), signed in (any app's session acts for its own account):
 * - GET    api/users/me/                    → AccountResponse: who is signed in
 * - PATCH  api/users/me/ {name}              → AccountResponse: the name changes (orders keep the name they were
 *                                              placed with)
 * - POST   api/users/me/password/ {current_password, new_password} → message: the current password is checked,
 *   the new one kept; every other session ends (this one goes on after a refresh)
 * - GET    api/users/me/sessions/            → SessionsResponse: the account's open sessions, this one marked
 * - DELETE api/users/me/sessions/{id}/       → 204: ends one of them (ending this one is logging out)
 * - POST   api/users/me/email/ {new_email, password} → message: a confirmation link goes to the new address and a
 *   notice to the current one; the same answer when the new address is taken (docs/decisions/0074)
 * - DELETE api/users/me/ {password}          → 204: the account is deleted (anonymised; paid orders kept; unpaid
 *   ones canceled; drafts removed) and every session ends
 * - POST   api/users/confirm-email/{uidb64}/{emailb64}/{token}/ (public: the mailed link) → message: the login
 *   e-mail becomes the new address
 */
import { z } from 'zod';
import { errorBodies } from '../common.js';
import { defineRoute } from '../route.js';
import { CurrentPassword, Email, NewPassword, SessionUser, StoreEmailLinkParams, StoreMessageResponse, UserName } from './users.js';

export const AccountResponse = z.object({ user: SessionUser });
export type AccountResponse = z.infer<typeof AccountResponse>;

export const RenameBody = z.object({ name: UserName }).strict();
export type RenameBody = z.infer<typeof RenameBody>;

export const ChangePasswordBody = z
  .object({ current_password: CurrentPassword, new_password: NewPassword })
  .strict();
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** POST api/users/me/email/: the password confirms it is the account's owner asking. */
export const ChangeEmailBody = z.object({ new_email: Email, password: CurrentPassword }).strict();
export type ChangeEmailBody = z.infer<typeof ChangeEmailBody>;

/** DELETE api/users/me/: the password confirms it. */
export const DeleteAccountBody = z.object({ password: CurrentPassword }).strict();
export type DeleteAccountBody = z.infer<typeof DeleteAccountBody>;

/** The mailed link's parts: the account, the new address (base64url) and the signed token. Loose, as the others. */
export const ConfirmEmailParams = StoreEmailLinkParams.extend({ emailb64: z.string().min(1).max(400) }).strict();
export type ConfirmEmailParams = z.infer<typeof ConfirmEmailParams>;

export const AccountSession = z.object({
  id: z.uuid(),
  /** The app that opened it: the shop or the admin console (docs/decisions/0052). */
  app: z.enum(['shop', 'admin']),
  created_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }),
  /** The session this request was made in. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const SessionsResponse = z.object({ sessions: z.array(AccountSession) });
export type SessionsResponse = z.infer<typeof SessionsResponse>;

export const SessionParams = z.object({ id: z.uuid({ error: 'Must be a session id' }) }).strict();

const tags = ['account'];

/** The account's own settings (apps/api/src/routes/store/account; docs/decisions/0067). */
export const accountRoutes = {
  me: defineRoute({
    method: 'GET',
    path: '/api/users/me/',
    operationId: 'getUsersMe',
    summary: 'The signed-in account',
    tags,
    access: 'customer',
    responses: { 200: AccountResponse, ...errorBodies(401) },
  }),
  rename: defineRoute({
    method: 'PATCH',
    path: '/api/users/me/',
    operationId: 'patchUsersMe',
    summary: "Change the account's name",
    tags,
    access: 'customer',
    body: RenameBody,
    responses: { 200: AccountResponse, ...errorBodies(400, 401) },
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api/users/me/password/',
    operationId: 'postUsersMePassword',
    summary: 'Change the password with the current one; every other session ends',
    tags,
    access: 'customer',
    body: ChangePasswordBody,
    responses: { 200: StoreMessageResponse, ...errorBodies(400, 401, 429) },
  }),
  sessions: defineRoute({
    method: 'GET',
    path: '/api/users/me/sessions/',
    operationId: 'getUsersMeSessions',
    summary: "The account's open sessions, this one marked",
    tags,
    access: 'customer',
    responses: { 200: SessionsResponse, ...errorBodies(401) },
  }),
  endSession: defineRoute({
    method: 'DELETE',
    path: '/api/users/me/sessions/{id}/',
    operationId: 'deleteUsersMeSessionsById',
    summary: 'End one of the account’s sessions',
    tags,
    access: 'customer',
    params: SessionParams,
    responses: { 204: null, ...errorBodies(400, 401, 404) },
  }),
  changeEmail: defineRoute({
    method: 'POST',
    path: '/api/users/me/email/',
    operationId: 'postUsersMeEmail',
    summary: 'Ask to change the login e-mail: a link to the new address confirms it',
    tags,
    access: 'customer',
    body: ChangeEmailBody,
    responses: { 200: StoreMessageResponse, ...errorBodies(400, 401, 429) },
  }),
  deleteAccount: defineRoute({
    method: 'DELETE',
    path: '/api/users/me/',
    operationId: 'deleteUsersMe',
    summary: 'Delete the account (with the password): personal data removed, paid orders kept, sessions ended',
    tags,
    access: 'customer',
    body: DeleteAccountBody,
    responses: { 204: null, ...errorBodies(400, 401, 403, 409, 429) },
  }),
};

/** The link of the e-mail change mail (registered with the public account routes: apps/api/src/routes/store/users). */
export const confirmEmailRoute = defineRoute({
  method: 'POST',
  path: '/api/users/confirm-email/{uidb64}/{emailb64}/{token}/',
  operationId: 'postUsersConfirmEmailByUidb64ByEmailb64ByToken',
  summary: 'Confirm a new login e-mail from the mailed link',
  tags,
  access: 'public',
  params: ConfirmEmailParams,
  responses: { 200: StoreMessageResponse, ...errorBodies(400, 409, 429) },
});
