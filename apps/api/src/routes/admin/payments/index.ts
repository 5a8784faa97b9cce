/**
 * Money actions on an order (admins only: 401 without a token, 403 for customers; docs/decisions/0022):
 * - POST api/admin/orders/{id}/refund/     {amount_cents?, reason} → RefundResponse: a full (default) or partial
 *   refund through the provider that took the money; 400 more than is left, 409 nothing paid, 502 the provider
 *   refused or did not answer (its message), 503 the provider is not configured. A full refund of an order not
 *   yet shipped cancels it.
 * - POST api/admin/orders/{id}/reconcile/  → ReconcileResponse: asks Stripe / PayPal about the order's open
 *   payment attempts and applies what really happened (a lost webhook: paid now).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '@bindery/contracts/common';
import { AdminOrderParams, RefundBody, RefundResponse } from '@bindery/contracts/admin/orders';
import { ReconcileResponse } from '@bindery/contracts/admin/payments';

const tags = ['admin: orders'];
const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
};

const paymentsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/orders/:id/refund',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Refund the order (all that is left, or a part) through the provider that took the money',
        params: AdminOrderParams,
        body: RefundBody,
        response: { 200: RefundResponse, ...errors },
      },
    },
    async (request) => {
      const staff = request.signedInUser();
      return app.refunds.refundOrder(request.params.id, {
        amountCents: request.body.amount_cents,
        reason: request.body.reason,
        actor: { type: 'staff', userId: staff.id, label: staff.name },
      });
    },
  );

  app.post(
    '/admin/orders/:id/reconcile',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Ask Stripe / PayPal about the order’s open payment attempts and apply what happened',
        params: AdminOrderParams,
        response: { 200: ReconcileResponse, ...errors },
      },
    },
    async (request) => app.payments.reconcileOrder(request.params.id),
  );
};

export default paymentsAdminRoutes;
