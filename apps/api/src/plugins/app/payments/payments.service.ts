/**
 * Paying an order (docs/decisions/0014) and keeping the money safe (docs/decisions/0022). The server alone decides
 * what is charged (the stored order) and when an order is paid:
 * - card (card-payments.ts): a Stripe Checkout Session; the order becomes paid on the signed webhook
 *   (checkout.session.completed with payment_status paid, or async_payment_succeeded), never on the browser's
 *   return;
 * - PayPal (paypal-payments.ts): an Orders v2 order; the buyer approves at PayPal, then the API captures
 *   server-side with a PayPal-Request-Id derived from the payment row (a retried capture is safe;
 *   ORDER_ALREADY_CAPTURED counts when PayPal confirms the order COMPLETED);
 * - reconciliation (reconcile.ts): attempts asked about at the provider (the job, the admin's button, the closing
 *   of a canceled or expired order's attempts, "no second payment" before the other provider).
 * Whatever brings the news, the same one-transaction write `settleWithin` (payment-core.ts) completes the payment
 * and moves the order to paid with the orders module. Money for an order that no longer awaits it is marked a
 * duplicate and refunded automatically (refunds.service.ts). The expiry of unpaid orders is the orders module's
 * job (orders/unpaid-expiry.ts), which closes their attempts through `closeOrderAttempts`.
 *
 * `createPayments({ db, clock, gateways, orders, refunds, log, config })`; never imports Fastify. The verbs call
 * each other (a settled payment closes the order's other attempts; reconciliation captures an approved PayPal
 * order; a new attempt closes the other provider's), so each looks the other up when called (ADR 0056).
 */
import { createCardPayments } from './card-payments.js';
import { createPaymentCore, type PaymentsDeps } from './payment-core.js';
import { createPaypalPayments } from './paypal-payments.js';
import { createReconciliation, type Reconciliation } from './reconcile.js';

export type { PaymentsConfig, PaymentsDeps, PaymentsLogger } from './payment-core.js';

export type PaymentsModule = ReturnType<typeof createPayments>;

export function createPayments(deps: PaymentsDeps) {
  const late: { reconcile?: Reconciliation; paypal?: ReturnType<typeof createPaypalPayments> } = {};
  const built = <T>(part: T | undefined): T => {
    if (!part) throw new Error('the payments module is used before it was built');
    return part;
  };

  const core = createPaymentCore(deps, {
    reconcileAttempt: (payment, opts) => built(late.reconcile).reconcileAttempt(payment, opts),
  });
  const paypal = createPaypalPayments(deps, core, {
    closeOtherAttempts: (...args) => built(late.reconcile).closeOtherAttempts(...args),
  });
  const reconcile = createReconciliation(deps, core, {
    captureAndSettle: (payment) => built(late.paypal).captureAndSettle(payment),
  });
  late.reconcile = reconcile;
  late.paypal = paypal;
  const card = createCardPayments(deps, core, reconcile);

  return {
    closeAttempts: reconcile.closeAttempts,
    closeOrderAttempts: reconcile.closeOrderAttempts,
    startCardCheckout: card.startCardCheckout,
    handleCardWebhook: card.handleCardWebhook,
    startPaypalPayment: paypal.startPaypalPayment,
    capturePaypalPayment: paypal.capturePaypalPayment,
    reconcileOrder: reconcile.reconcileOrder,
    reconcileDue: reconcile.reconcileDue,
  };
}
