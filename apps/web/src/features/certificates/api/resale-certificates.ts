/**
 * The customer's resale certificates (docs/decisions/0032):
 * - GET  api/resale-certificates/ (bearer): theirs with status and reason, newest first, keyset-paged;
 * - POST api/resale-certificates/ (bearer, multipart {state, file}): the server reads the file and keeps it as
 *   awaiting review. The shared client sends FormData as multipart (the browser sets the boundary).
 */
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { certificateRoutes } from '@bindery/contracts/store/resale-certificates';
import { api } from '#lib/api-client.ts';

export const CERTIFICATES_PAGE_SIZE = 20;

export const getMyCertificates = (query: { limit: number; cursor?: string }, signal?: AbortSignal) =>
  api.call(certificateRoutes.list, { query }, { signal });

/** Keyed by user, so one account never sees another's cached certificates after a logout and login in one tab. */
export const myCertificatesQueryOptions = (userId: number | null | undefined) =>
  infiniteQueryOptions({
    queryKey: ['resale-certificates', 'mine', userId ?? null],
    queryFn: ({ pageParam, signal }) =>
      getMyCertificates({ limit: CERTIFICATES_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(userId),
  });

export const useMyCertificates = (userId: number | null | undefined) =>
  useInfiniteQuery(myCertificatesQueryOptions(userId));

export function uploadCertificate({ state, file }: { state: string; file: File }) {
  const form = new FormData();
  // The state first, so the server has it before the file's bytes arrive.
  form.append('state', state);
  form.append('file', file, file.name);
  return api.call(certificateRoutes.upload, { body: form });
}

export function useUploadCertificate(userId: number | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCertificatesQueryOptions(userId).queryKey }),
  });
}
