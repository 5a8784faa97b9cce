/**
 * Admin user management: GET api/users/admin/users/ and DELETE api/users/admin/users/{id}/delete/; and the admin
 * app's logout, POST api/users/admin/logout/ (its login and refresh are public: store/users.ts).
 * Deleted accounts are not listed (docs/decisions/0008-account-deletion-anonymised-tombstone.md).
 */
import { z } from 'zod';
import { errorBodies, IdParams, PageQuery, OptionalText, page } from '../common.js';
import { defineRoute } from '../route.js';

export const AdminUser = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  is_verified: z.boolean(),
  is_admin: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/**
 * GET api/users/admin/users/: newest first, keyset-paged (docs/decisions/0019); `q` finds any part of an e-mail or
 * a name, case-insensitively, on the server. An empty `q` is no search.
 */
export const AdminListUsersQuery = PageQuery.extend({
  q: OptionalText(200),
}).strict();
export type AdminListUsersQuery = z.input<typeof AdminListUsersQuery>;

/** The spec's `data`, `next_cursor` and `total` (every account matching `q`), for "n of m". */
export const AdminListUsersResponse = page(AdminUser).extend({ total: z.number().int().nonnegative() });
export type AdminListUsersResponse = z.infer<typeof AdminListUsersResponse>;

/** Answers 204 on success. */
export const AdminDeleteUserParams = IdParams;
export type AdminDeleteUserParams = z.infer<typeof AdminDeleteUserParams>;

const tags = ['admin: users'];

/** Admin user management (apps/api/src/routes/admin/users), under the spec's api/users/admin/ paths. */
export const adminUserRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users/admin/users/',
    operationId: 'getUsersAdminUsers',
    summary: 'List the accounts (newest first, keyset-paged, searched on the server)',
    tags,
    access: 'admin',
    query: AdminListUsersQuery,
    responses: { 200: AdminListUsersResponse, ...errorBodies(400, 401, 403) },
  }),
  /**
   * POST api/users/admin/logout/: the admin app's logout (docs/decisions/0052): revokes the admin session of the
   * bearer token and clears the admin app's refresh cookie; the web shop's session in the same browser stays. 204.
   */
  logout: defineRoute({
    method: 'POST',
    path: '/api/users/admin/logout/',
    operationId: 'postUsersAdminLogout',
    summary:
      "Log out of the admin app: revoke the bearer's admin session and clear the admin's refresh cookie",
    tags,
    access: 'admin',
    responses: { 204: null, ...errorBodies(401, 403) },
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/api/users/admin/users/{id}/delete/',
    operationId: 'deleteUsersAdminUsersByIdDelete',
    summary: 'Delete a customer account (anonymised; its orders stay)',
    tags,
    access: 'admin',
    params: AdminDeleteUserParams,
    responses: { 204: null, ...errorBodies(400, 401, 403, 404, 409) },
  }),
};
