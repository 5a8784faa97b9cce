/** POST api/users/login/: on success the user is kept in local storage, the access token in memory (the refresh token is the cookie the answer set). */
import { useMutation } from '@tanstack/react-query';
import { requestLogin } from '@bindery/api-client/session';
import type { StoreLoginBody } from '@bindery/contracts/store/users';
import { api } from '#lib/api-client.ts';
import { sessionStore } from '#lib/session-store.ts';

export async function login(body: StoreLoginBody) {
  const res = await requestLogin(api, body);
  sessionStore.set({ user: res.user, access: res.access });
  return res;
}

export const useLogin = () => useMutation({ mutationFn: login });
