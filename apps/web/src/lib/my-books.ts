/**
 * GET api/book/my-books/ (bearer): the signed-in customer's projects, priced by the server. Shared because three
 * features read it: the dashboard lists them, the cart screen joins the stored cart ids with them (so deleted
 * projects drop out and the totals are the server's), and the shop prices the cart from them.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyBooksResponse, type Project } from '@bindery/contracts/store/projects';
import { api } from './api-client';

export const getMyBooks = async (signal?: AbortSignal): Promise<Project[]> =>
  (await api.get('/api/book/my-books/', { schema: MyBooksResponse, signal })).data;

/** Keyed by user, so one account never sees another's cached list after a logout and login in the same tab. */
export const getMyBooksQueryOptions = (userId: number | null | undefined) =>
  queryOptions({
    queryKey: ['projects', 'mine', userId ?? null],
    queryFn: ({ signal }) => getMyBooks(signal),
    enabled: Boolean(userId),
  });

export const useMyBooks = (userId: number | null | undefined) => useQuery(getMyBooksQueryOptions(userId));
