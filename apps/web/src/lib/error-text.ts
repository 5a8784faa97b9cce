/**
 * What a failed API call or form check says, for every feature of the web app: the one module that reads the
 * contracts' error body (`{ statusCode, error, code, fields? }`, @bindery/contracts/common ErrorBody) for texts
 * (ADR 0057). Network failures and answers without a body get the caller's fallback, the spec's sentence.
 */
import { ApiError } from '@bindery/api-client';

/** The server's own message when it sent one, else the spec's fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body ? error.body.error : fallback;
}

/**
 * The server's own message for a refusal it explains (4xx with an error body: a deleted project, an e-book in
 * the cart, an order that can no longer be paid); the spec's fallback for everything else (5xx, network).
 */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body && error.status >= 400 && error.status < 500
    ? error.body.error
    : fallback;
}

/**
 * Field messages of a 400 validation answer, keyed by the field's own name, the last part of its path
 * ("body.email" → "email", "body.user_address.city" → "city").
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body?.fields) return {};
  return Object.fromEntries(error.body.fields.map((f) => [f.path.split('.').at(-1) ?? f.path, f.message]));
}

/** A 401 the client's one token refresh could not cure: the session is over. */
export const isSessionExpired = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The first message per field of a failed zod parse of a form (one rule for both SPAs' forms). */
export { issuesByField } from '@bindery/ui/auth-form';
