/**
 * POST api/orders/{id}/reorder/ (bearer): the books of a paid order again, as new draft projects on the same files
 * (nothing to upload), priced at today's catalog with the copies chosen. The projects go into the cart and the
 * customer continues at /shop, where address and service are chosen as for any order (docs/decisions/0020).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderRoutes, type ReorderBody } from '@bindery/contracts/store/orders';
import { api } from '#lib/api-client.ts';
import { addToCart } from '#lib/cart.ts';
import { myBooksKey } from '#lib/my-books.ts';

export const reorder = (orderId: number, body: ReorderBody) =>
  api.call(orderRoutes.reorder, { params: { id: orderId }, body });

export function useReorder(userId: number, orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReorderBody) => reorder(orderId, body),
    onSuccess: async (data) => {
      for (const p of data.projects) addToCart(userId, { id: p.id, title: p.title, category: p.category });
      // The cart reads its ids from my-books: the new drafts must be read before /shop prices them.
      await client.invalidateQueries({ queryKey: myBooksKey(userId) });
    },
  });
}
