/**
 * Asking the providers what really happened (docs/decisions/0022, 0051; ADR 0056 split the module by verb):
 * - `reconcileAttempt`: one attempt open on our side, asked about and settled or closed as the provider says;
 * - `closeOtherAttempts`: "no second payment", before an attempt with the other provider starts;
 * - `closeAttempts` / `closeOrderAttempts`: the orders module's, for canceled and expired unpaid orders;
 * - `reconcileOrder` (the admin's button) and `reconcileDue` (the `payments.reconcile` job).
 */
import type { ReconcileResponse, ReconciledAttempt, AttemptOutcome } from '@bindery/contracts/admin/payments';
import { messages } from '@bindery/contracts/messages';
import type { OrderRow } from '../orders/orders.service.js';
import type { PaymentCore, PaymentsDeps } from './payment-core.js';
import { ProviderError, type CardCheckout, type PaypalOrder } from './payment-gateways.js';
import {
  closePayment,
  countUnreachable,
  findAttemptsToReconcile,
  findOpenPayments,
  markChecked,
  type PaymentRow,
} from './payments.repository.js';

/** Per job run: bounded work, the rest next period. */
const BATCH = 50;

export type Reconciliation = ReturnType<typeof createReconciliation>;

/** `captureAndSettle` (paypal-payments.ts) is looked up when called: an approved PayPal order is captured now. */
export function createReconciliation(
  deps: PaymentsDeps,
  core: PaymentCore,
  links: { captureAndSettle: (payment: PaymentRow) => Promise<{ outcome: AttemptOutcome }> },
) {
  const { db, clock, gateways, orders, refunds, log, config } = deps;
  const { settle, matches, outcomeOf, awaits, notPayable, problem } = core;

  /**
   * Asks the provider about one attempt still open on our side and applies what it says through `settle`.
   * `close`: an attempt still open at the provider is closed (Stripe: the session is expired at Stripe; PayPal:
   * closed on our side only, as Orders v2 has no void: we simply never capture it).
   */
  async function reconcileAttempt(payment: PaymentRow, opts: { close: boolean }): Promise<AttemptOutcome> {
    await markChecked(db, payment.id, clock.now());
    const order = await orders.row(payment.order_id);
    // An order that no longer awaits this money (its total, or its hold's difference: ADR 0077) must not take it
    // through this attempt any more.
    const close = opts.close || order?.status !== (payment.purpose === 'difference' ? 'on_hold' : 'awaiting_payment');
    return payment.provider === 'stripe'
      ? reconcileCard(payment, close)
      : reconcilePaypal(payment, close, order);
  }

  async function reconcileCard(payment: PaymentRow, close: boolean): Promise<AttemptOutcome> {
    const card = gateways.card;
    if (!card) return 'unreachable';
    let session: CardCheckout;
    try {
      session = await card.retrieveCheckout(payment.provider_ref);
    } catch (error) {
      return providerTrouble(payment, error);
    }
    if (session.status === 'open' && close) {
      try {
        await card.expireCheckout(session.id);
        await closePayment(db, payment.id, 'expired');
        return 'closed';
      } catch (error) {
        // Paid between the look-up and the expiry? Ask once more.
        session = await card.retrieveCheckout(payment.provider_ref).catch(() => session);
        if (session.status === 'open') return providerTrouble(payment, error);
      }
    }
    if (session.status === 'expired') {
      await closePayment(db, payment.id, 'expired');
      return 'closed';
    }
    if (session.status === 'open') return 'open';
    if (session.paymentStatus !== 'paid') return 'processing';
    if (!(await matches(payment, session.amountCents, session.currency))) return 'mismatch';
    return outcomeOf(await settle(payment, session.paymentIntentId));
  }

  async function reconcilePaypal(
    payment: PaymentRow,
    close: boolean,
    order: OrderRow | undefined,
  ): Promise<AttemptOutcome> {
    const paypal = gateways.paypal;
    if (!paypal) return 'unreachable';
    let found: PaypalOrder;
    try {
      found = await paypal.getOrder(payment.provider_ref);
    } catch (error) {
      if (error instanceof ProviderError && error.statusCode === 404) {
        // PayPal no longer knows it (an abandoned order): nothing was captured.
        await closePayment(db, payment.id, 'expired');
        return 'closed';
      }
      return providerTrouble(payment, error);
    }
    if (found.status === 'COMPLETED') {
      if (!(await matches(payment, found.capturedCents, found.capturedCurrency))) return 'mismatch';
      return outcomeOf(await settle(payment, found.captureId ?? null));
    }
    if (found.status === 'VOIDED') {
      await closePayment(db, payment.id, 'failed');
      return 'closed';
    }
    // Approved by the buyer, who never came back to the success page: capture it now, as the page would have.
    if (found.status === 'APPROVED' && !close && awaits(payment, order)) {
      const captured = await links.captureAndSettle(payment);
      return captured.outcome;
    }
    if (close) {
      await closePayment(db, payment.id, 'expired');
      return 'closed';
    }
    return 'open';
  }

  /**
   * No usable answer about an attempt: asked again next time. In test payment mode the test servers keep their
   * data in memory, so after a restart of the API they never know the attempt again: after
   * `testUnreachableLimit` such checks it is marked failed (closed), and its order expires as usual (0064).
   */
  async function providerTrouble(payment: PaymentRow, error: unknown): Promise<AttemptOutcome> {
    if (!(error instanceof ProviderError)) throw error;
    log.warn(
      { err: error, paymentId: payment.id, ref: payment.provider_ref },
      'could not ask the provider about an attempt',
    );
    const limit = config.testUnreachableLimit;
    if (limit === undefined || (await countUnreachable(db, payment.id)) < limit) return 'unreachable';
    await closePayment(db, payment.id, 'failed');
    log.warn(
      { paymentId: payment.id, ref: payment.provider_ref, checks: limit },
      'test mode: the test servers no longer know this attempt; marked failed',
    );
    return 'closed';
  }

  /**
   * "No second payment": before an attempt with one provider starts, the order's open attempts with the other are
   * asked about and closed. Money found there means the order is paid (409); one that cannot be closed (the
   * provider does not answer) refuses the new attempt (502) rather than risk two payments.
   */
  async function closeOtherAttempts(orderId: number, provider: PaymentRow['provider'], failed: string) {
    for (const other of await findOpenPayments(db, orderId)) {
      if (other.provider === provider) continue;
      const outcome = await reconcileAttempt(other, { close: true });
      if (outcome === 'paid' || outcome === 'duplicate' || outcome === 'already_completed')
        throw notPayable();
      if (outcome !== 'closed') throw problem('upstream', failed, 'PAYMENT_PROVIDER_ERROR');
    }
  }

  /**
   * The orders module's OrderAttemptsCloser (ADR 0051): the open attempts of unpaid orders that were canceled (by
   * staff, by the customer's delete or edit of a book, superseded by a new checkout) are closed at the provider
   * now: the Checkout Session expired at Stripe (its page refuses to pay), the PayPal order closed on our side (it
   * is never captured). Money already taken there is refunded as a duplicate. A provider that does not answer
   * leaves the attempt open on our side, and the reconciliation job closes it at its next run (an attempt of an
   * order that no longer awaits payment is due at once). Never throws.
   */
  async function closeAttempts(orderIds: readonly number[]): Promise<void> {
    for (const orderId of orderIds) {
      try {
        for (const payment of await findOpenPayments(db, orderId)) {
          const outcome = await reconcileAttempt(payment, { close: true });
          if (outcome !== 'closed' && outcome !== 'duplicate') {
            log.warn(
              { orderId, paymentId: payment.id, ref: payment.provider_ref, outcome },
              'an attempt of a canceled order could not be closed now; reconciliation closes it',
            );
          }
        }
      } catch (err) {
        log.error(
          { err, orderId },
          'closing the attempts of a canceled order failed; reconciliation retries',
        );
      }
    }
  }

  /** POST api/admin/orders/{id}/reconcile/: asks about each of the order's open attempts, whatever their age. */
  async function reconcileOrder(orderId: number): Promise<ReconcileResponse> {
    const order = await orders.row(orderId);
    if (!order) throw problem('not_found', messages.checkout.orderNotFound, 'NOT_FOUND');
    const attempts: ReconciledAttempt[] = [];
    for (const payment of await findOpenPayments(db, orderId)) {
      attempts.push({
        payment_id: payment.id,
        provider: payment.provider,
        provider_reference: payment.provider_ref,
        outcome: await reconcileAttempt(payment, { close: false }),
      });
    }
    return { attempts, order: await orders.adminDetail(orderId) };
  }

  /**
   * The reconciliation job: every open attempt older than RECONCILE_AFTER_MINUTES, least recently checked first,
   * so a lost webhook (or a buyer who approved at PayPal and never came back) ends in `paid` within one period;
   * then refunds whose answer was lost, and duplicates whose automatic refund failed.
   */
  async function reconcileDue(now: Date): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    const due = await findAttemptsToReconcile(db, new Date(now.getTime() - config.reconcileAfterMs), BATCH);
    for (const payment of due) {
      const outcome = await reconcileAttempt(payment, { close: false });
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    const pending = await refunds.retryPending(now);
    const duplicates = await refunds.refundDuplicatesDue();
    return {
      checked: due.length,
      paid: counts.paid ?? 0,
      duplicate: counts.duplicate ?? 0,
      closed: counts.closed ?? 0,
      unreachable: counts.unreachable ?? 0,
      refunds_confirmed: pending.confirmed,
      duplicates_refunded: duplicates,
    };
  }

  /**
   * The orders module's expiry (orders/unpaid-expiry.ts): each open attempt of the order is asked about first
   * (money that arrived before the end pays it), then closed; the outcomes, in order.
   */
  async function closeOrderAttempts(orderId: number): Promise<AttemptOutcome[]> {
    const outcomes: AttemptOutcome[] = [];
    for (const payment of await findOpenPayments(db, orderId)) {
      outcomes.push(await reconcileAttempt(payment, { close: true }));
    }
    return outcomes;
  }

  return {
    reconcileAttempt,
    closeOtherAttempts,
    closeAttempts,
    closeOrderAttempts,
    reconcileOrder,
    reconcileDue,
  };
}
