/**
 * A customer's API keys (docs/decisions/0076): GET and POST api/admin/users/{id}/api-keys/ and POST …/{key_id}/revoke/.
 * Creating or revoking refreshes the list; the created key's secret lives only in the mutation's answer (shown once).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApiKeyRoutes, type CreateApiKeyBody } from '@bindery/contracts/admin/api-keys';
import { api } from '#lib/api-client.ts';

export const getApiKeysQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['admin', 'users', userId, 'api-keys'] as const,
    queryFn: ({ signal }) => api.call(adminApiKeyRoutes.list, { params: { id: userId } }, { signal }),
  });

export const useApiKeys = (userId: number) => useQuery(getApiKeysQueryOptions(userId));

export function useCreateApiKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      api.call(adminApiKeyRoutes.create, { params: { id: userId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions(userId).queryKey }),
  });
}

export function useRevokeApiKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) =>
      api.call(adminApiKeyRoutes.revoke, { params: { id: userId, key_id: keyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getApiKeysQueryOptions(userId).queryKey }),
  });
}
