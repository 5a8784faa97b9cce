/**
 * What a failed API call says, for every feature of the admin console: the one module that reads the contracts'
 * error body (`{ statusCode, error, code, fields? }`, @bindery/contracts/common ErrorBody) for texts (ADR 0057).
 */
import { ApiError } from '@bindery/api-client';

/** The server's own message when it sent one, else the screen's fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body ? error.body.error : fallback;
}

/**
 * The client's text for any answer (the server's message, or the client's own sentence for an answer without a
 * body: a 502, a timeout), the fallback only when no request was answered at all.
 */
export function clientText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** Field messages of a refusal, keyed by the field's path without "body." ("body.carrier" → "carrier"). */
export function fieldErrors(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    (error.body?.fields ?? []).map((f) => [f.path.replace(/^body\./, ''), f.message]),
  );
}
