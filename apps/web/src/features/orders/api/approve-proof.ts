/**
 * POST api/orders/{id}/approve-proof/ (bearer, the order's owner; ADR 0078): the proof copy of a shipped order
 * approved, once. The answer is the order, with the event on its timeline: it replaces the cached one.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proofRoutes } from '@bindery/contracts/store/proofs';
import { api } from '#lib/api-client.ts';
import { getOrderQueryOptions } from './get-order';

export const approveProof = (orderId: number, projectId: number) =>
  api.call(proofRoutes.approve, { params: { id: orderId }, body: { project_id: projectId } });

export function useApproveProof(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number) => approveProof(orderId, projectId),
    onSuccess: (data) => client.setQueryData(getOrderQueryOptions(orderId).queryKey, data),
  });
}
