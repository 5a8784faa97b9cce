/**
 * POST api/admin/orders/{id}/reconcile/ (admin bearer; docs/decisions/0022): asks Stripe or PayPal what happened
 * to the order's open payment attempts and applies it (a lost webhook: the order is paid now). The answer says
 * what was found per attempt and carries the order as it is now.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPaymentRoutes } from '@bindery/contracts/admin/payments';
import { api } from '#lib/api-client.ts';
import { getAdminOrderQueryOptions } from './get-admin-order';

export const reconcileOrder = (id: number) => api.call(adminPaymentRoutes.reconcile, { params: { id } });

export function useReconcileOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => reconcileOrder(id),
    onSuccess: (data) => {
      client.setQueryData(getAdminOrderQueryOptions(id).queryKey, { order: data.order });
      void client.invalidateQueries({ queryKey: ['admin', 'orders', 'list'] });
      void client.invalidateQueries({ queryKey: ['admin', 'sales'] });
    },
  });
}
