/**
 * GET api/users/verify-email/{uidb64}/{token}/. A query, not a mutation, on purpose: the link works once, and a
 * query with this key runs once even when React mounts the page twice (StrictMode) or the user revisits it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userRoutes } from '@bindery/contracts/store/users';
import { api } from '#lib/api-client.ts';

export const verifyEmail = (uidb64: string, token: string, signal?: AbortSignal) =>
  api.call(userRoutes.verifyEmail, { params: { uidb64, token } }, { anonymous: true, signal });

export const getVerifyEmailQueryOptions = (uidb64: string, token: string) =>
  queryOptions({
    queryKey: ['verify-email', uidb64, token],
    queryFn: () => verifyEmail(uidb64, token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export const useVerifyEmail = (uidb64: string, token: string) =>
  useQuery(getVerifyEmailQueryOptions(uidb64, token));
