/**
 * Admin user management: GET api/users/admin/users/ and DELETE api/users/admin/users/{id}/delete/.
 * Deleted accounts are not listed (docs/decisions/0008-account-deletion-anonymised-tombstone.md).
 */
import { z } from 'zod';
import { dataList, IdParams } from '../common.js';

export const AdminUser = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  is_verified: z.boolean(),
  is_admin: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminListUsersResponse = dataList(AdminUser);
export type AdminListUsersResponse = z.infer<typeof AdminListUsersResponse>;

/** Answers 204 on success. */
export const AdminDeleteUserParams = IdParams;
export type AdminDeleteUserParams = z.infer<typeof AdminDeleteUserParams>;
