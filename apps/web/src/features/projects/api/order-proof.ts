/**
 * POST api/book/{id}/proof/ (bearer, owner; ADR 0078): a proof copy of a saved book, one copy at the single-copy
 * price, made by the server as a draft; it goes into the cart like any book (the server priced it, and checkout
 * prices it again from its own records).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proofRoutes } from '@bindery/contracts/store/proofs';
import { api } from '#lib/api-client.ts';
import { addToCart } from '#lib/cart.ts';
import { myBooksKey } from '#lib/my-books.ts';

export const orderProof = (bookId: number) => api.call(proofRoutes.order, { params: { id: bookId } });

export function useOrderProof(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: orderProof,
    onSuccess: async ({ project }) => {
      addToCart(userId, { id: project.id, title: project.title, category: project.category });
      // The cart reads its ids from my-books: the new draft must be read before the cart shows it.
      await client.invalidateQueries({ queryKey: myBooksKey(userId) });
    },
  });
}
