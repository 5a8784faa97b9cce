/**
 * Reconciliation (docs/decisions/0022). Admins only: 401 without a token, 403 for customers.
 *
 * POST api/admin/orders/{id}/reconcile/ → ReconcileResponse: asks Stripe / PayPal about each of the order's
 * payment attempts still open on our side and applies what really happened through the same idempotent path as
 * the webhook and the capture (a lost webhook: the order becomes paid now). The periodic job does the same for
 * every attempt older than a few minutes.
 */
import { z } from 'zod';
import { errorBodies } from '../common.js';
import { defineRoute } from '../route.js';
import { AdminOrderDetail, AdminOrderParams, RefundBody, RefundResponse } from './orders.js';

/**
 * What asking the provider found and did for one attempt:
 * - paid: the money was there; the order is now paid;
 * - duplicate: the money was there but the order no longer awaited it: refunded automatically;
 * - already_completed: recorded before (nothing to do);
 * - open: the buyer has not paid (yet); processing: a delayed method, the money is on its way;
 * - closed: expired or abandoned at the provider (or closed by us because the order no longer awaits payment);
 * - mismatch: the provider's amount differs from the stored one (left unpaid for review, logged);
 * - refused: the provider refused to capture (PayPal); unreachable: no answer, asked again next time.
 */
export const AttemptOutcome = z.enum([
  'paid',
  'duplicate',
  'already_completed',
  'open',
  'processing',
  'closed',
  'mismatch',
  'refused',
  'unreachable',
]);
export type AttemptOutcome = z.infer<typeof AttemptOutcome>;

export const ReconciledAttempt = z.object({
  payment_id: z.number().int().positive(),
  provider: z.enum(['stripe', 'paypal']),
  /** Checkout Session id or PayPal order id. */
  provider_reference: z.string(),
  outcome: AttemptOutcome,
});
export type ReconciledAttempt = z.infer<typeof ReconciledAttempt>;

export const ReconcileResponse = z.object({
  /** One per attempt that was open when asked (empty: nothing was waiting on a provider). */
  attempts: z.array(ReconciledAttempt),
  order: AdminOrderDetail,
});
export type ReconcileResponse = z.infer<typeof ReconcileResponse>;

/** What a money action on an order may answer besides its result. */
const moneyErrors = errorBodies(400, 401, 403, 404, 409, 502, 503);

/** Money actions on an order (apps/api/src/routes/admin/payments; docs/decisions/0022), shown on Order Details. */
export const adminPaymentRoutes = {
  /**
   * A full (no amount) or partial refund through the provider that took the money: 400 more than is left, 409
   * nothing paid, 502 the provider refused or did not answer, 503 the provider is not configured.
   */
  refund: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/{id}/refund/',
    operationId: 'postAdminOrdersByIdRefund',
    summary: 'Refund the order (all that is left, or a part) through the provider that took the money',
    tags: ['admin: orders'],
    access: 'admin',
    params: AdminOrderParams,
    body: RefundBody,
    responses: { 200: RefundResponse, ...moneyErrors },
  }),
  reconcile: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/{id}/reconcile/',
    operationId: 'postAdminOrdersByIdReconcile',
    summary: 'Ask Stripe / PayPal about the order’s open payment attempts and apply what happened',
    tags: ['admin: orders'],
    access: 'admin',
    params: AdminOrderParams,
    responses: { 200: ReconcileResponse, ...moneyErrors },
  }),
};
