/** GET api/admin/orders/{id}/ (admin bearer): one order with everything staff need to produce, ship and refund it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminOrderResponse } from '@bindery/contracts/admin/orders';
import { api } from '#lib/api-client.ts';

export const getAdminOrder = (id: number, signal?: AbortSignal) =>
  api.get(`/api/admin/orders/${id}/`, { schema: AdminOrderResponse, signal });

export const getAdminOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'detail', id],
    queryFn: ({ signal }) => getAdminOrder(id, signal),
  });

export const useAdminOrder = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getAdminOrderQueryOptions(id), enabled });
