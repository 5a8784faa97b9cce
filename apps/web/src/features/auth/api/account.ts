/**
 * The customer's own account (docs/decisions/0067): PATCH api/users/me/ (name), POST api/users/me/password/,
 * GET api/users/me/sessions/, DELETE api/users/me/sessions/{id}/.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountRoutes, type ChangePasswordBody } from '@bindery/contracts/store/account';
import { api } from '#lib/api-client.ts';
import { sessionStore } from '#lib/session-store.ts';

const SESSIONS_KEY = ['account', 'sessions'] as const;

export function useRename() {
  return useMutation({
    mutationFn: (name: string) => api.call(accountRoutes.rename, { body: { name } }),
    // The header and every page greet the new name at once.
    onSuccess: ({ user }) => {
      const session = sessionStore.get();
      if (session?.access) sessionStore.set({ access: session.access, user });
    },
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.call(accountRoutes.changePassword, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export const useSessions = () =>
  useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => api.call(accountRoutes.sessions, {}, { signal }) });

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(accountRoutes.endSession, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
