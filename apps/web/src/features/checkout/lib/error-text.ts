/** Texts for failed checkout calls and form checks. */
import { z } from 'zod';
import { ApiError } from '@bindery/api-client';

/**
 * The server's own message for a refusal it explains (4xx with an error body: a deleted project, an e-book in
 * the cart, an order that can no longer be paid); the spec's fallback for everything else (5xx, network).
 */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body && error.status >= 400 && error.status < 500
    ? error.body.error
    : fallback;
}

/** The first message per field of a failed zod parse (a form's field errors). */
export function firstIssuePerField(error: z.ZodError): Record<string, string> {
  const { fieldErrors } = z.flattenError(error) as { fieldErrors: Record<string, string[] | undefined> };
  return Object.fromEntries(
    Object.entries(fieldErrors).flatMap(([key, list]) => (list?.[0] ? [[key, list[0]]] : [])),
  );
}

/** Field messages of the server's 400 answer, keyed by the field's own name ("body.user_address.city" → "city"). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body?.fields) return {};
  return Object.fromEntries(error.body.fields.map((f) => [f.path.split('.').at(-1) ?? f.path, f.message]));
}

/** A 401 the client's one token refresh could not cure: the session is over. */
export const isSessionExpired = (error: unknown) => error instanceof ApiError && error.status === 401;
