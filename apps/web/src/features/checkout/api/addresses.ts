/**
 * The address book (docs/decisions/0074): GET/POST api/users/me/addresses/, PUT/DELETE api/users/me/addresses/{id}/.
 * Every change reloads the list (the server moves the default).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addressRoutes, type SaveAddressInput as Body } from '@bindery/contracts/store/addresses';
import { api } from '#lib/api-client.ts';

const KEY = ['account', 'addresses'] as const;

export const useAddresses = () =>
  useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.call(addressRoutes.list, {}, { signal }) });

function useAddressChange<V>(call: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useCreateAddress = () => useAddressChange((body: Body) => api.call(addressRoutes.create, { body }));
export const useUpdateAddress = () =>
  useAddressChange(({ id, body }: { id: number; body: Body }) => api.call(addressRoutes.update, { params: { id }, body }));
export const useDeleteAddress = () => useAddressChange((id: number) => api.call(addressRoutes.remove, { params: { id } }));
