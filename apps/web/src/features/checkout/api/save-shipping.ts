/**
 * POST api/save-shipping/ (bearer): the server creates the order (awaiting_payment) from its own records (the
 * projects' prices, the re-quoted service, the tax rule) and answers it; the browser names only the address,
 * the projects and the chosen service (docs/decisions/0013).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkoutRoutes, type SaveShippingBody } from '@bindery/contracts/store/checkout';
import { api } from '#lib/api-client.ts';
import { getOrderQueryOptions } from './get-order';

export const saveShipping = (body: SaveShippingBody) => api.call(checkoutRoutes.saveShipping, { body });

export function useSaveShipping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShipping,
    // The payment page opens next: give it the order at once instead of fetching it again.
    onSuccess: ({ order }) => queryClient.setQueryData(getOrderQueryOptions(order.id).queryKey, { order }),
  });
}
