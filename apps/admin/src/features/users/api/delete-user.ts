/** DELETE api/users/admin/users/{id}/delete/: on success the user leaves the list at once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AdminUser } from '@bindery/contracts/admin/users';
import { api } from '../../../lib/api-client';
import { getUsersQueryOptions } from './get-users';

export const deleteUser = (id: number) => api.delete(`/api/users/admin/users/${id}/delete/`, { schema: z.undefined() });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_done, id) => {
      queryClient.setQueryData(getUsersQueryOptions().queryKey, (users: AdminUser[] | undefined) => users?.filter((u) => u.id !== id));
      void queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey });
    },
  });
}
