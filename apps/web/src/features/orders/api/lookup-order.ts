/**
 * GET api/orders/lookup/?number= (bearer): one of the customer's own orders by its number ("BND-000042", "bnd42",
 * "42"); 404 with the server's 'not found' text when it is not one of theirs.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { api } from '#lib/api-client.ts';

export const lookupOrder = (number: string, signal?: AbortSignal) =>
  api.call(orderRoutes.lookup, { query: { number } }, { signal });

export const lookupOrderQueryOptions = (userId: number | null | undefined, number: string) =>
  queryOptions({
    queryKey: ['orders', 'lookup', userId ?? null, number],
    queryFn: ({ signal }) => lookupOrder(number, signal),
    enabled: Boolean(userId) && number !== '',
    staleTime: 0,
  });

export const useLookupOrder = (userId: number | null | undefined, number: string) =>
  useQuery(lookupOrderQueryOptions(userId, number));
