/**
 * POST api/admin/orders/{id}/status/ (admin bearer): one move of the lifecycle table. The answer is the order as
 * it is now, which replaces the cached detail; the lists are refetched (status and counts changed).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderRoutes, type ChangeStatusBody } from '@bindery/contracts/admin/orders';
import { api } from '#lib/api-client.ts';
import { getAdminOrderQueryOptions } from './get-admin-order';

export const changeOrderStatus = (id: number, body: ChangeStatusBody) =>
  api.call(adminOrderRoutes.changeStatus, { params: { id }, body });

export function useChangeOrderStatus(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeStatusBody) => changeOrderStatus(id, body),
    onSuccess: (data) => {
      client.setQueryData(getAdminOrderQueryOptions(id).queryKey, data);
      void client.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
    },
  });
}
