/**
 * POST api/users/login/ for the admin app: only an admin's session is kept. A customer's login is refused here
 * with a clear message, and the session the server just opened for it is revoked at once.
 */
import { useMutation } from '@tanstack/react-query';
import { requestLogin, revokeSession } from '@bindery/api-client/session';
import { messages } from '@bindery/contracts/messages';
import type { StoreLoginBody } from '@bindery/contracts/store/users';
import { api, sessionStore } from '#lib/api-client.ts';

export class NotAnAdminError extends Error {
  constructor() {
    super(messages.admin.notAnAdmin);
    this.name = 'NotAnAdminError';
  }
}

export async function adminLogin(body: StoreLoginBody) {
  const res = await requestLogin(api, body);
  if (!res.user.is_admin) {
    // Never stored; revoked so it cannot be used elsewhere either.
    await revokeSession(api, res.access);
    throw new NotAnAdminError();
  }
  sessionStore.set({ user: res.user, access: res.access });
  return res;
}

export const useAdminLogin = () => useMutation({ mutationFn: adminLogin });
