/**
 * What the order's dialogs (status, refund, reconcile) share: their props, and how they read a failed request
 * (the server's sentence and its per-field messages).
 */
import type { AdminOrderDetail } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { clientText, fieldErrors } from '#lib/error-text.ts';

/** A dialog of Order Details: `onDone` closes it with the sentence that says what happened. */
export interface OrderDialogProps {
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (text: string) => void;
}

export type FieldErrors = Partial<Record<string, string>>;

/** The server's words for a failed request, and its per-field messages ("body.carrier" → carrier). */
export function problemOf(error: unknown): { text: string; fields: FieldErrors } {
  return { text: clientText(error, messages.generic.serverError), fields: fieldErrors(error) };
}

/** The dialog's own line for a refusal that names no field (a field's message stands under that field). */
export const dialogError = (problem: { text: string; fields: FieldErrors } | null) =>
  problem && Object.keys(problem.fields).length === 0 ? problem.text : null;
