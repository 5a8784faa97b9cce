/** DELETE api/users/admin/users/{id}/delete/: on success the user leaves every loaded list at once. */
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { adminUserRoutes, type AdminListUsersResponse } from '@bindery/contracts/admin/users';
import { api } from '#lib/api-client.ts';
import { USERS_QUERY_KEY } from './get-users';

export const deleteUser = (id: number) => api.call(adminUserRoutes.delete, { params: { id } });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_done, id) => {
      queryClient.setQueriesData<InfiniteData<AdminListUsersResponse>>(
        { queryKey: USERS_QUERY_KEY },
        (lists) =>
          lists && {
            ...lists,
            pages: lists.pages.map((page) => ({
              ...page,
              data: page.data.filter((u) => u.id !== id),
              total: page.total - (page.data.some((u) => u.id === id) ? 1 : 0),
            })),
          },
      );
      void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
