/**
 * POST api/book/upload-book/ (JSON, bearer): creates the project from uploaded files and the chosen options, or
 * replaces `project_id` (an edit). The server prices it; every cached read of the customer's projects is then
 * refetched, so the cart and dashboard know it.
 * The spec reads a `status` ('success') and `message' from the answer: an answer that is not a success is a
 * SubmissionRefused ('Submission failed: …'), a refusal with an error body an ApiError with the server's words.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messages } from '@bindery/contracts/messages';
import { UploadBookResponse, type UploadBookBody } from '@bindery/contracts/store/projects';
import { api } from '#lib/api-client.ts';
import { myBooksKey } from '#lib/my-books.ts';

export class SubmissionRefused extends Error {
  override name = 'SubmissionRefused';
}

export async function uploadBook(body: UploadBookBody): Promise<UploadBookResponse> {
  const raw = await api.post('/api/book/upload-book/', { schema: z.unknown(), body });
  const parsed = UploadBookResponse.safeParse(raw);
  if (parsed.success) return parsed.data;
  const message = (raw as { message?: unknown } | undefined)?.message;
  throw new SubmissionRefused(
    messages.projects.submissionFailed(
      typeof message === 'string' && message ? message : messages.projects.unknownError,
    ),
  );
}

export function useUploadBook(userId: number | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBook,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myBooksKey(userId) });
    },
  });
}
