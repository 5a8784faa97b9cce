/**
 * GET api/book/uploads/{id}/facts/ (bearer, owner): one of the customer's uploads, while a project may still use it. The
 * design page restores a saved draft's files through it, so what it shows (name, page count) is the server's and
 * a file that expired or is not this account's is never shown as uploaded (docs/decisions/0038).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@bindery/api-client';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { api } from '#lib/api-client.ts';

export const getUpload = (id: string, signal?: AbortSignal) =>
  api.call(projectRoutes.uploadFacts, { params: { id } }, { signal });

export const getUploadQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ['uploads', 'one', id],
    queryFn: ({ signal }) => getUpload(id as string, signal),
    enabled: id !== null,
    // A 404 is an answer (expired, or not this account's), not a hiccup worth asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
  });

export const useUpload = (id: string | null) => useQuery(getUploadQueryOptions(id));
