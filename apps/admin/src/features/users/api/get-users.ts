/**
 * GET api/users/admin/users/ (admin only): accounts that are not deleted, newest first, searched on the server
 * (`q`: any part of an e-mail or name) and keyset-paged (docs/decisions/0019): each page's `next_cursor` fetches
 * the next ("Load more"); `total` is the server's count of every account matching `q` ("n of m").
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminUserRoutes } from '@bindery/contracts/admin/users';
import { api } from '#lib/api-client.ts';

/** One screenful. */
export const USERS_PAGE_SIZE = 50;

export const getUsers = (query: { q?: string; cursor?: string; limit?: number }, signal?: AbortSignal) =>
  api.call(adminUserRoutes.list, { query }, { signal });

/** Every list of users (any search) starts with this key: a deletion refreshes them all. */
export const USERS_QUERY_KEY = ['admin', 'users'] as const;

export const getUsersQueryOptions = (q?: string, limit = USERS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...USERS_QUERY_KEY, { q: q ?? '', limit }],
    queryFn: ({ pageParam, signal }) => getUsers({ q, limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export const useUsers = (q?: string) => useInfiniteQuery(getUsersQueryOptions(q));
