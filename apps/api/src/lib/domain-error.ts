/**
 * The one error a domain module throws (orders, payments, projects, …): what went wrong in the domain's own
 * words, never an HTTP status. The app's error handler (plugins/app/errors.ts) maps `kind` to a status and sends
 * the one ErrorBody; jobs and scripts that call a module directly read `kind`.
 *
 * Modules never import Fastify to refuse something: `throw new DomainError('conflict', messages.orders.x)`.
 * @see docs/decisions/0018-domain-modules.md
 */
import type { ErrorBody, FieldError } from '@bindery/contracts/common';

export type DomainErrorKind =
  /** The input breaks a rule (400). */
  | 'invalid'
  /** No valid credentials (401). */
  | 'unauthorized'
  /** The caller may not do this (403). */
  | 'forbidden'
  /** Unknown, or not the caller's to see (404: another user's order is "not found", never "forbidden"). */
  | 'not_found'
  /** The current state forbids it: a status transition, a duplicate, a race lost (409). */
  | 'conflict'
  /** Too large (413). */
  | 'too_large'
  /** Sent in a form the operation does not read: an upload that is not multipart (415). */
  | 'unsupported_media_type'
  /** Too many at once for this account: pending uploads over the bound (429). */
  | 'too_many'
  /** A payment the provider declined or the buyer has not completed (402). */
  | 'payment_required'
  /** An outside service (Stripe, PayPal, a carrier, the object store) refused or failed (502). */
  | 'upstream'
  /** A dependency of ours is down or a feature is switched off (503). */
  | 'unavailable';

export const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  too_many: 429,
  payment_required: 402,
  upstream: 502,
  unavailable: 503,
};

export interface DomainErrorDetails {
  /** A machine-readable code for the client (ORDER_NOT_PAYABLE); defaults to one per status. */
  code?: string;
  /** Field problems of an `invalid` error. */
  fields?: FieldError[];
  /** Any other ErrorBody field the contract defines (available_couriers). */
  extra?: Partial<Omit<ErrorBody, 'error' | 'statusCode' | 'code' | 'fields'>>;
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** The human message the SPAs show, from @bindery/contracts/messages wherever the spec has a text. */
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
