/**
 * DELETE api/book/{id}/delete/ (bearer, owner). The list changes only after the server confirms (docs/spec/customer-journey.md
 * §4): on success the project leaves every cached page and the cart; on failure nothing changes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { api } from '#lib/api-client.ts';
import { removeFromCart } from '#lib/cart.ts';
import { dropFromMyBooks, myBooksKey } from '#lib/my-books.ts';

export const deleteProject = (id: number) => api.call(projectRoutes.remove, { params: { id } });

export function useDeleteProject(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_res, id) => {
      dropFromMyBooks(queryClient, userId, id);
      removeFromCart(userId, [id]);
      return queryClient.invalidateQueries({ queryKey: myBooksKey(userId) });
    },
  });
}
