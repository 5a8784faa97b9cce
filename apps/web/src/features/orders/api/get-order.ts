/**
 * GET api/orders/{id}/ (bearer, the owner's order; another customer's is 404): items, amounts, the status
 * timeline, tracking and refunds. The key is the one the payment pages use, so they share the cached order.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderRoutes } from '@bindery/contracts/store/orders';
import { api } from '#lib/api-client.ts';

export const getOrder = (id: number, signal?: AbortSignal) =>
  api.call(orderRoutes.get, { params: { id } }, { signal });

export const getOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['orders', id], queryFn: ({ signal }) => getOrder(id, signal) });

export const useOrder = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getOrderQueryOptions(id), enabled });
