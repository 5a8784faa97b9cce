/**
 * Money actions on an order (admins only: 401 without a token, 403 for customers; docs/decisions/0022):
 * - POST api/admin/orders/{id}/refund/     {amount_cents?, reason} → RefundResponse: a full (default) or partial
 *   refund through the provider that took the money; 400 more than is left, 409 nothing paid, 502 the provider
 *   refused or did not answer (its message), 503 the provider is not configured. A full refund of an order not
 *   yet shipped cancels it.
 * - POST api/admin/orders/{id}/reconcile/  → ReconcileResponse: asks Stripe / PayPal about the order's open
 *   payment attempts and applies what really happened (a lost webhook: paid now).
 * Paths, schemas and names: packages/contracts/src/admin/payments.ts (adminPaymentRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPaymentRoutes } from '@bindery/contracts/admin/payments';
import { contractRoute } from '#lib/contract-route.js';

const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, adminPaymentRoutes.refund, async (request) => {
    const staff = request.signedInUser();
    return app.refunds.refundOrder(request.params.id, {
      amountCents: request.body.amount_cents,
      reason: request.body.reason,
      actor: { type: 'staff', userId: staff.id, label: staff.name },
    });
  });

  contractRoute(app, adminPaymentRoutes.reconcile, async (request) =>
    app.payments.reconcileOrder(request.params.id),
  );
};

export default paymentsAdminRoutes;
