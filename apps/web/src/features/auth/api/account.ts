/**
 * The customer's own account (docs/decisions/0067): PATCH api/users/me/ (name), POST api/users/me/password/,
 * GET api/users/me/sessions/, DELETE api/users/me/sessions/{id}/; POST api/users/me/email/ and the mailed link's
 * POST api/users/confirm-email/{uidb64}/{emailb64}/{token}/, DELETE api/users/me/ (docs/decisions/0074).
 */
import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountRoutes,
  confirmEmailRoute,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type ConfirmEmailParams,
} from '@bindery/contracts/store/account';
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

export const useChangeEmail = () =>
  useMutation({ mutationFn: (body: ChangeEmailBody) => api.call(accountRoutes.changeEmail, { body }) });

/**
 * The link works once: a query (not a mutation) with this key runs once even when React mounts the page twice, as
 * the verification link's does (verify-email.ts). No abort signal, on purpose: a page left and mounted again while
 * the request is under way (a session restored on load can remount it) would abort a confirmation the server may
 * already have applied, and ask again with the used link.
 */
const confirmEmailQuery = (params: ConfirmEmailParams) =>
  queryOptions({
    queryKey: ['confirm-email', params.uidb64, params.emailb64, params.token],
    queryFn: () => api.call(confirmEmailRoute, { params }, { anonymous: true }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useConfirmEmail = (params: ConfirmEmailParams) => useQuery(confirmEmailQuery(params));

/**
 * Deletes the account with its password. The server ended every session: `forget()` (called once the page has
 * left the signed-in pages, which would otherwise send it to /login) drops the page's own session, here and in every
 * tab, and everything cached for the account.
 */
export function useDeleteAccount() {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (password: string) => api.call(accountRoutes.deleteAccount, { body: { password } }),
  });
  const forget = useCallback(() => {
    sessionStore.clear();
    client.clear();
  }, [client]);
  return { ...mutation, forget };
}
