/** Texts for failed API calls and form checks, shared by every feature. */
import { ApiError } from '@bindery/api-client';

/** The server's own message when it sent one, else the spec's fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body ? error.body.error : fallback;
}

/** Field messages of a 400 validation answer, keyed by field name ("body.email" → "email"). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.body?.fields) return {};
  return Object.fromEntries(error.body.fields.map((f) => [f.path.replace(/^body\./, ''), f.message]));
}

/** The first message per field of a failed zod parse of a form (one rule for both SPAs' forms). */
export { issuesByField } from '@bindery/ui/auth-form';
