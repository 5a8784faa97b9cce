/**
 * GET api/orders/{id}/ (bearer, the owner's order; another customer's is 404): items, amounts, the status
 * timeline, tracking and refunds. The key is the one the payment pages use, so they share the cached order.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { OrderResponse } from '@bindery/contracts/store/checkout';
import { api } from '#lib/api-client.ts';

export const getOrder = (id: number, signal?: AbortSignal) =>
  api.get(`/api/orders/${id}/`, { schema: OrderResponse, signal });

export const getOrderQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['orders', id], queryFn: ({ signal }) => getOrder(id, signal) });

export const useOrder = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getOrderQueryOptions(id), enabled });
