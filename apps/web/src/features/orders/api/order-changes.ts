/**
 * What a customer may change of a paid order (docs/decisions/0072): a replacement interior or cover while it is on
 * hold (the file goes by POST api/book/uploads/ first, then POST api/orders/{id}/replace-file/ keeps it when it
 * passes preflight), and within the cancel window the cancel (refunded in full) or another street address. Each answers the order as it is
 * now, which replaces the cached one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, OrderResponse } from '@bindery/contracts/store/checkout';
import { orderHoldRoutes } from '@bindery/contracts/store/order-changes';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { api } from '#lib/api-client.ts';
import { getOrderQueryOptions } from './get-order';

export interface Replacement {
  projectId: number;
  kind: 'interior' | 'cover';
  file: File;
}

export async function replaceFile(orderId: number, { projectId, kind, file }: Replacement) {
  const form = new FormData();
  form.append('purpose', kind);
  form.append('file', file, file.name);
  const uploaded = await api.call(projectRoutes.upload, { body: form });
  return api.call(orderHoldRoutes.replaceFile, {
    params: { id: orderId },
    body: {
      project_id: projectId,
      ...(kind === 'interior' ? { pdf_upload_id: uploaded.id } : { cover_upload_id: uploaded.id }),
    },
  });
}

function useOrderChange<T>(orderId: number, fn: (input: T) => Promise<OrderResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => client.setQueryData(getOrderQueryOptions(orderId).queryKey, data),
  });
}

export const useReplaceFile = (orderId: number) =>
  useOrderChange(orderId, (input: Replacement) => replaceFile(orderId, input));

export const useChangeAddress = (orderId: number) =>
  useOrderChange(orderId, (address: Address) =>
    api.call(orderHoldRoutes.changeAddress, { params: { id: orderId }, body: { address } }),
  );

export const useCancelOrder = (orderId: number) =>
  useOrderChange(orderId, () => api.call(orderHoldRoutes.cancel, { params: { id: orderId } }));
