/** GET api/admin/orders/{id}/ (admin bearer): one order with everything staff need to produce, ship and refund it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderRoutes } from '@bindery/contracts/admin/orders';
import { api } from '#lib/api-client.ts';

export const getAdminOrder = (id: number, signal?: AbortSignal) =>
  api.call(adminOrderRoutes.get, { params: { id } }, { signal });

export const getAdminOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'detail', id],
    queryFn: ({ signal }) => getAdminOrder(id, signal),
  });

export const useAdminOrder = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getAdminOrderQueryOptions(id), enabled });
