/** POST api/users/login/: on success the session (user + tokens) is kept in local storage. */
import { useMutation } from '@tanstack/react-query';
import { requestLogin } from '@bindery/api-client/session';
import type { StoreLoginBody } from '@bindery/contracts/store/users';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session-store';

export async function login(body: StoreLoginBody) {
  const res = await requestLogin(api, body);
  sessionStore.set({ user: res.user, access: res.access, refresh: res.refresh });
  return res;
}

export const useLogin = () => useMutation({ mutationFn: login });
