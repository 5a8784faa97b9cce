/**
 * The admin app's login, POST api/users/admin/login/ (docs/decisions/0052): the server opens an admin session, with
 * its own refresh cookie, for an admin account only, and answers 403 NOT_AN_ADMIN (its text: 'This account has no
 * access to the admin area.') to any other, opening nothing. The web shop's session in the same browser is not
 * touched.
 */
import { useMutation } from '@tanstack/react-query';
import { requestLogin } from '@bindery/api-client/session';
import type { StoreLoginBody } from '@bindery/contracts/store/users';
import { api, sessionStore } from '#lib/api-client.ts';

export async function adminLogin(body: StoreLoginBody) {
  const res = await requestLogin(api, body);
  sessionStore.set({ user: res.user, access: res.access });
  return res;
}

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
