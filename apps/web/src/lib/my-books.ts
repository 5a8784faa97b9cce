/**
 * GET api/book/my-books/ (bearer): the signed-in customer's projects, priced by the server, on keyset pages
 * searched and sorted by the server (docs/decisions/0019, 0037). Shared because three features read it: the
 * dashboard pages through them (`useMyBooksPages`), the cart screen and the shop read the cart's own ids
 * (`useMyBooksByIds`: deleted projects drop out and the totals are the server's).
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  projectRoutes,
  type MyBooksResponse,
  type MyBooksSort,
  type Project,
} from '@bindery/contracts/store/projects';
import { api } from './api-client';

/** One screenful of the dashboard. */
export const MY_BOOKS_PAGE_SIZE = 50;
/** The most ids one request may name (the server's limit). */
export const MY_BOOKS_IDS_MAX = 200;

export interface MyBooksView {
  q?: string;
  sort?: MyBooksSort;
  order?: 'asc' | 'desc';
  /** Projects not to list (the dashboard leaves out what is in the cart). */
  exclude?: readonly number[];
}

const idList = (ids: readonly number[] | undefined) => (ids && ids.length > 0 ? ids.join(',') : undefined);

export const getMyBooksPage = (
  query: MyBooksView & { limit: number; cursor?: string; ids?: readonly number[] },
  signal?: AbortSignal,
) =>
  api.call(
    projectRoutes.myBooks,
    {
      query: {
        limit: query.limit,
        cursor: query.cursor,
        q: query.q?.trim() || undefined,
        sort: query.sort,
        order: query.order,
        ids: idList(query.ids),
        exclude: idList(query.exclude),
      },
    },
    { signal },
  );

/**
 * Every cached read of one customer's projects starts with this key (keyed by user, so one account never sees
 * another's cached list after a logout and login in the same tab): a change invalidates them all.
 */
export const myBooksKey = (userId: number | null | undefined) =>
  ['projects', 'mine', userId ?? null] as const;

export const getMyBooksPagesQueryOptions = (
  userId: number | null | undefined,
  view: MyBooksView,
  limit = MY_BOOKS_PAGE_SIZE,
) =>
  infiniteQueryOptions({
    queryKey: [
      ...myBooksKey(userId),
      'pages',
      {
        q: view.q?.trim() ?? '',
        sort: view.sort ?? 'created',
        order: view.order ?? null,
        exclude: idList(view.exclude) ?? '',
        limit,
      },
    ],
    queryFn: ({ pageParam, signal }) => getMyBooksPage({ ...view, limit, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: Boolean(userId),
    // A new search or order keeps the rows on screen until its first page arrives (no flash of the loader).
    placeholderData: (previous) => previous,
  });

export const useMyBooksPages = (userId: number | null | undefined, view: MyBooksView, limit?: number) =>
  useInfiniteQuery(getMyBooksPagesQueryOptions(userId, view, limit));

/** The customer's projects among `ids` (newest first), read 200 ids a request. */
export async function getMyBooksByIds(ids: readonly number[], signal?: AbortSignal): Promise<Project[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += MY_BOOKS_IDS_MAX) chunks.push(ids.slice(i, i + MY_BOOKS_IDS_MAX));
  const pages = await Promise.all(
    chunks.map((chunk) => getMyBooksPage({ ids: chunk, limit: MY_BOOKS_IDS_MAX }, signal)),
  );
  return pages.flatMap((p) => p.data);
}

export const getMyBooksByIdsQueryOptions = (userId: number | null | undefined, ids: readonly number[]) => {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: [...myBooksKey(userId), 'ids', sorted.join(',')],
    queryFn: ({ signal }) => (sorted.length === 0 ? Promise.resolve([]) : getMyBooksByIds(sorted, signal)),
    enabled: Boolean(userId),
  });
};

export const useMyBooksByIds = (userId: number | null | undefined, ids: readonly number[]) =>
  useQuery(getMyBooksByIdsQueryOptions(userId, ids));

/** Takes a deleted project out of every cached read of the customer's projects at once (before the refetch). */
export function dropFromMyBooks(queryClient: QueryClient, userId: number, id: number) {
  queryClient.setQueriesData<InfiniteData<MyBooksResponse> | Project[]>(
    { queryKey: myBooksKey(userId) },
    (data) => {
      if (!data) return data;
      if (Array.isArray(data)) return data.filter((p) => p.id !== id);
      return {
        ...data,
        pages: data.pages.map((page) => {
          const data = page.data.filter((p) => p.id !== id);
          const gone = page.data.length - data.length;
          return { ...page, data, total: page.total - gone, total_projects: page.total_projects - gone };
        }),
      };
    },
  );
}
