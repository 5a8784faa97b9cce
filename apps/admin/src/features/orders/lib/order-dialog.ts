/**
 * What the order's dialogs (status, refund, reconcile) share: their props, and how they read a failed request
 * (the server's sentence and its per-field messages).
 */
import { ApiError } from '@bindery/api-client';
import type { AdminOrderDetail } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';

/** A dialog of Order Details: `onDone` closes it with the sentence that says what happened. */
export interface OrderDialogProps {
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (text: string) => void;
}

export type FieldErrors = Partial<Record<string, string>>;

/** The server's words for a failed request, and its per-field messages ("body.carrier" → carrier). */
export function problemOf(error: unknown): { text: string; fields: FieldErrors } {
  if (!(error instanceof ApiError)) return { text: messages.generic.serverError, fields: {} };
  const fields = Object.fromEntries(
    (error.body?.fields ?? []).map((f) => [f.path.replace(/^body\./, ''), f.message]),
  );
  return { text: error.message, fields };
}

/** The dialog's own line for a refusal that names no field (a field's message stands under that field). */
export const dialogError = (problem: { text: string; fields: FieldErrors } | null) =>
  problem && Object.keys(problem.fields).length === 0 ? problem.text : null;
