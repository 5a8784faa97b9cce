/**
 * POST api/admin/orders/{id}/refund/ (admin bearer; docs/decisions/0022): all that is left (no amount) or a part,
 * through the provider that took the money. The answer carries the order as it is now (a full refund of an order
 * not yet shipped cancels it), which replaces the cached detail.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundBody } from '@bindery/contracts/admin/orders';
import { adminPaymentRoutes } from '@bindery/contracts/admin/payments';
import { api } from '#lib/api-client.ts';
import { getAdminOrderQueryOptions } from './get-admin-order';

export const refundOrder = (id: number, body: RefundBody) =>
  api.call(adminPaymentRoutes.refund, { params: { id }, body });

export function useRefundOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundBody) => refundOrder(id, body),
    onSuccess: (data) => {
      client.setQueryData(getAdminOrderQueryOptions(id).queryKey, { order: data.order });
      void client.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
      void client.invalidateQueries({ queryKey: ['admin', 'sales'] });
    },
    // A refusal may follow another staff member's refund: show the order as it is now.
    onError: () => void client.invalidateQueries({ queryKey: getAdminOrderQueryOptions(id).queryKey }),
  });
}
