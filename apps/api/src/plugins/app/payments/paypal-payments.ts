/**
 * PayPal payments through Orders v2 (docs/decisions/0014, 0022; ADR 0056 split the module by verb): the buyer
 * approves at PayPal, then the API captures server-side with a PayPal-Request-Id derived from the payment row and
 * the order's state at PayPal (a retried capture is safe, a refused one is not replayed once the buyer approved:
 * docs/decisions/0064; ORDER_ALREADY_CAPTURED counts when PayPal confirms the order COMPLETED).
 */
import { createHash } from 'node:crypto';
import type { AttemptOutcome } from '@bindery/contracts/admin/payments';
import { messages } from '@bindery/contracts/messages';
import type { Order } from '@bindery/contracts/store/checkout';
import type { PaymentPurpose } from '@bindery/contracts/store/payments';
import type { PaymentCore, PaymentsDeps, Settled, User } from './payment-core.js';
import { ProviderError, type PaypalOrder } from './payment-gateways.js';
import {
  closePayment,
  countPayments,
  findPaymentByRef,
  findUserPaymentByRef,
  insertPayment,
  type PaymentRow,
} from './payments.repository.js';
import type { Reconciliation } from './reconcile.js';

const m = messages.payments;

/**
 * The capture's PayPal-Request-Id: the payment, its PayPal order and a digest of the order's state at PayPal
 * (docs/decisions/0064), 60-odd characters (PayPal takes up to 108).
 */
function captureRequestId(
  payment: Pick<PaymentRow, 'id' | 'provider_ref'>,
  order: PaypalOrder,
): string {
  const state = createHash('sha256')
    .update(`${order.status}|${order.updateTime ?? ''}`)
    .digest('base64url')
    .slice(0, 12);
  return `bindery-capture-${payment.id}-${payment.provider_ref}-${state}`;
}

/** A PayPal order in these states can still be approved: a second click reuses it. */
const REUSABLE = new Set(['CREATED', 'PAYER_ACTION_REQUIRED']);

/** `closeOtherAttempts` (reconcile.ts) is looked up when called: reconciliation captures through this module. */
export function createPaypalPayments(
  deps: PaymentsDeps,
  core: PaymentCore,
  links: Pick<Reconciliation, 'closeOtherAttempts'>,
) {
  const { db, clock, orders, log, config } = deps;
  const {
    problem,
    notPayable,
    gateway,
    awaits,
    paymentTarget,
    paymentRequest,
    sameTarget,
    openAttempt,
    settle,
    matches,
    outcomeOf,
  } = core;

  /**
   * POST api/paypal/create-payment/: a PayPal order for the stored total (or the hold's unpaid difference,
   * `purpose: 'difference'`, ADR 0077); the browser goes to its approval url.
   */
  async function startPaypalPayment(
    user: User,
    orderId: number,
    purpose: PaymentPurpose = 'order',
  ): Promise<{ payment_id: string; approval_url: string }> {
    const target = await paymentTarget(user, orderId, purpose);
    const { order } = target;
    const paypal = gateway('paypal');
    await links.closeOtherAttempts(order.id, 'paypal', m.paypalFailed);

    const open = await openAttempt(order.id, 'paypal', (ref) => paypal.getOrder(ref));
    // An open PayPal order for something else (the difference grew meanwhile) is closed: never captured.
    if (open && !sameTarget(open.payment, target)) await closePayment(db, open.payment.id, 'expired');
    const existing = open && sameTarget(open.payment, target) ? open.current : undefined;
    if (existing && REUSABLE.has(existing.status) && existing.approvalUrl) {
      return { payment_id: existing.id, approval_url: existing.approvalUrl };
    }

    const attempt = (await countPayments(db, order.id, 'paypal')) + 1;
    const web = config.webUrl;
    const back = target.due ? '&purpose=difference' : '';
    const request = await paymentRequest(
      target,
      `paypal-${attempt}`,
      {
        success: `${web}/payment/success?order=${order.id}${back}`,
        cancel: target.due ? `${web}/orders/${order.id}` : `${web}/payment/cancel?order=${order.id}`,
      },
      user,
    );
    let created: PaypalOrder;
    try {
      created = await paypal.createOrder(request);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.error({ err: error, orderId: order.id }, 'PayPal order could not be created');
      throw problem('upstream', m.paypalFailed, 'PAYMENT_PROVIDER_ERROR');
    }
    const row = {
      order_id: order.id,
      provider: 'paypal' as const,
      provider_ref: created.id,
      amount_cents: request.totalCents,
      purpose,
      created_at: clock.now(),
    };
    if (!created.approvalUrl) {
      // Kept as a failed attempt, so the next one uses a new PayPal-Request-Id instead of replaying this answer.
      const payment = await insertPayment(db, row);
      await closePayment(db, payment.id, 'failed');
      log.error({ orderId: order.id, paypalOrder: created.id }, 'PayPal gave no approval link');
      throw problem('upstream', m.noApprovalUrl, 'PAYMENT_PROVIDER_ERROR');
    }
    await insertPayment(db, row);
    return { payment_id: created.id, approval_url: created.approvalUrl };
  }

  type Captured = { outcome: AttemptOutcome; settled?: Settled };

  /**
   * Captures an approved PayPal order and settles it (docs/decisions/0064). The order is read at PayPal first: one
   * already COMPLETED (an earlier capture whose answer was lost) is settled as it stands; otherwise it is captured
   * with a PayPal-Request-Id derived from the payment and the order's state (status + update_time). A retry in the
   * same state gets PayPal's first answer again (never two captures), and a capture refused before the buyer
   * approved is not replayed after the approval, which changed the state. ORDER_ALREADY_CAPTURED counts when
   * PayPal confirms the order COMPLETED for the right amount. Shared by the buyer's return (capture-payment) and
   * reconciliation.
   */
  async function captureAndSettle(payment: PaymentRow): Promise<Captured> {
    const paypal = gateway('paypal');
    let captured: PaypalOrder;
    try {
      const before = await paypal.getOrder(payment.provider_ref);
      if (before.status === 'COMPLETED') captured = before;
      else {
        const result = await paypal.captureOrder(payment.provider_ref, captureRequestId(payment, before));
        if (result.ok) captured = result.order;
        else if (result.issue === 'ORDER_ALREADY_CAPTURED')
          captured = await paypal.getOrder(payment.provider_ref);
        else {
          log.warn(
            { paypalOrder: payment.provider_ref, issue: result.issue, status: result.statusCode },
            'PayPal refused the capture',
          );
          return { outcome: 'refused' };
        }
      }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.error({ err: error, paypalOrder: payment.provider_ref }, 'PayPal capture failed');
      return { outcome: 'unreachable' };
    }
    if (captured.status !== 'COMPLETED') {
      log.warn(
        { paypalOrder: payment.provider_ref, status: captured.status },
        'PayPal order is not completed after capture',
      );
      return { outcome: 'refused' };
    }
    if (!(await matches(payment, captured.capturedCents, captured.capturedCurrency)))
      return { outcome: 'mismatch' };
    const settled = await settle(payment, captured.captureId ?? null);
    return { outcome: outcomeOf(settled), settled };
  }

  /** PayPal's refusals mean "the buyer has not (successfully) paid": 402, the page lets them try again. */
  const captureFailed = (kind: 'payment_required' | 'upstream') =>
    problem(kind, m.captureFailed, kind === 'payment_required' ? 'PAYMENT_FAILED' : 'PAYMENT_PROVIDER_ERROR');

  /**
   * POST api/paypal/capture-payment/: called by /payment/success when the buyer returns from PayPal. Idempotent:
   * a completed payment answers the paid order at once; a repeated capture reuses the PayPal-Request-Id. An
   * attempt we closed (the order was paid the other way, or expired) is never captured: no money moves.
   */
  async function capturePaypalPayment(user: User, paypalOrderId: string): Promise<Order> {
    const payment = await findUserPaymentByRef(db, user.id, 'paypal', paypalOrderId);
    if (!payment) throw problem('not_found', messages.checkout.orderNotFound, 'NOT_FOUND');
    if (payment.status === 'completed') return orders.myOrder(user.id, payment.order_id);
    const order = await orders.customerRow(user.id, payment.order_id);
    // The order awaits this money: its total, or its hold's difference (ADR 0077).
    if (order?.status !== (payment.purpose === 'difference' ? 'on_hold' : 'awaiting_payment')) {
      // A concurrent capture of this same payment may have just paid the order: that is this call's success too.
      const now = await findPaymentByRef(db, 'paypal', paypalOrderId);
      if (now?.status === 'completed') return orders.myOrder(user.id, payment.order_id);
      throw notPayable();
    }
    if (payment.status !== 'created') throw notPayable();
    if (!awaits(payment, order)) throw problem('conflict', messages.money.orderExpired, 'ORDER_EXPIRED');

    const { outcome } = await captureAndSettle(payment);
    if (outcome === 'refused') throw captureFailed('payment_required');
    if (outcome === 'unreachable' || outcome === 'mismatch') throw captureFailed('upstream');
    if (outcome === 'duplicate') throw notPayable();
    return orders.myOrder(user.id, payment.order_id);
  }

  return { startPaypalPayment, capturePaypalPayment, captureAndSettle };
}
