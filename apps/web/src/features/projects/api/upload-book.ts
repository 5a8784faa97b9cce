/**
 * POST api/book/upload-book/ (JSON, bearer): creates the project from uploaded files and the chosen options, or
 * replaces `project_id` (an edit). The server prices it; every cached read of the customer's projects is then
 * refetched, so the cart and dashboard know it.
 * The route's contract (projectRoutes.uploadBook) is the truth the server keeps: a 200/201 is always a success
 * (`status: 'success'`, `message`, `project`); a refused submission is a 4xx with the server's words, an ApiError
 * whose text the page shows (docs/spec/customer-journey.md §8). A 2xx that is not a success breaks the contract:
 * the client refuses to read it (an ApiError with that 2xx status), and the page says 'Submission failed: …'.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectRoutes, type UploadBookBody } from '@bindery/contracts/store/projects';
import { api } from '#lib/api-client.ts';
import { myBooksKey } from '#lib/my-books.ts';

export const uploadBook = (body: UploadBookBody) => api.call(projectRoutes.uploadBook, { body });

export function useUploadBook(userId: number | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBook,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myBooksKey(userId) });
    },
  });
}
