/**
 * Paying an order (docs/decisions/0014) and keeping the money safe (docs/decisions/0022). The server alone decides
 * what is charged (the stored order) and when an order is paid:
 * - card: a Stripe Checkout Session; the order becomes paid on the signed webhook (checkout.session.completed
 *   with payment_status paid, or async_payment_succeeded), never on the browser's return;
 * - PayPal: an Orders v2 order; the buyer approves at PayPal, then the API captures server-side with a
 *   PayPal-Request-Id derived from the payment row (a retried capture is safe; ORDER_ALREADY_CAPTURED counts when
 *   PayPal confirms the order COMPLETED).
 * Whatever brings the news (webhook, capture, reconciliation, expiry) the same one-transaction write `settleWithin`
 * completes the payment (when, and the PaymentIntent / capture a refund goes back through) and moves the order to
 * paid with the orders module; amounts and currency must match the stored payment to the cent. Money for an order
 * that no longer awaits it is marked a duplicate and refunded automatically (refunds.service.ts).
 *
 * `createPayments({ db, clock, gateways, orders, refunds, log, config })`; never imports Fastify.
 */
import type { Kysely, Transaction } from 'kysely';
import type { ReconcileResponse, ReconciledAttempt, AttemptOutcome } from '@bindery/contracts/admin/payments';
import type { Order } from '@bindery/contracts/store/checkout';
import { messages } from '@bindery/contracts/messages';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import type { Moved, OrderRow, OrdersModule } from '../orders/orders.service.js';
import {
  InvalidEventError,
  InvalidSignatureError,
  ProviderError,
  type CardCheckout,
  type CardEvent,
  type PaymentGateways,
  type PaypalOrder,
} from './payment-gateways.js';
import { buildPaymentRequest } from './payment-lines.js';
import {
  closePayment,
  completePaymentAt,
  countPayments,
  findAttemptsToReconcile,
  findOpenPayment,
  findOpenPayments,
  findPaymentByRef,
  findUserPaymentByRef,
  insertPayment,
  markChecked,
  markDuplicate,
  recordEvent,
  type PaidResult,
  type PaymentRow,
} from './payments.repository.js';
import type { RefundsModule } from './refunds.service.js';

const m = messages.payments;
const money = messages.money;

/** The part of pino/Fastify's logger the module uses. */
export interface PaymentsLogger {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PaymentsConfig {
  /** The web app (return URLs). */
  webUrl: string;
  /** RECONCILE_AFTER_MINUTES: an attempt this old is asked about by the reconciliation job. */
  reconcileAfterMs: number;
}

export interface PaymentsDeps {
  db: Kysely<DB>;
  clock: Clock;
  gateways: PaymentGateways;
  orders: OrdersModule;
  refunds: RefundsModule;
  log: PaymentsLogger;
  config: PaymentsConfig;
}

type User = { id: number; email: string };
type Method = 'card' | 'paypal';
const methodOf = (provider: PaymentRow['provider']): Method => (provider === 'stripe' ? 'card' : 'paypal');

/** A settled payment and what is still to do after the commit. */
interface Settled {
  kind: PaidResult;
  payment: PaymentRow;
  moved?: Moved;
}

const REUSABLE = new Set(['CREATED', 'PAYER_ACTION_REQUIRED']);
/** Stripe takes expires_at between 30 minutes and 24 hours ahead of the session's creation. */
const STRIPE_MIN_EXPIRY_MS = 31 * 60 * 1000;
/** A session's end is at most this long after its order was placed (inside Stripe's 24 hours, with a margin). */
const STRIPE_MAX_AFTER_ORDER_MS = 23 * 3600 * 1000 + 55 * 60 * 1000;
/** Per job run: bounded work, the rest next period. */
const BATCH = 50;

export type PaymentsModule = ReturnType<typeof createPayments>;

export function createPayments(deps: PaymentsDeps) {
  const { db, clock, gateways, orders, refunds, log, config } = deps;

  const problem = (kind: DomainError['kind'], message: string, code: string) =>
    new DomainError(kind, message, { code });
  const notPayable = () => problem('conflict', messages.checkout.orderNotPayable, 'ORDER_NOT_PAYABLE');

  function gateway<K extends keyof PaymentGateways>(kind: K): NonNullable<PaymentGateways[K]> {
    const found = gateways[kind];
    if (!found) {
      throw problem(
        'unavailable',
        kind === 'card' ? m.cardNotConfigured : m.paypalNotConfigured,
        'PAYMENT_METHOD_UNAVAILABLE',
      );
    }
    return found;
  }

  const expired = (order: Pick<OrderRow, 'expires_at'>) =>
    order.expires_at !== null && new Date(order.expires_at).getTime() <= clock.now().getTime();

  /** The caller's order, if it can still be paid (another user's order is "not found", never "forbidden"). */
  async function payableOrder(userId: number, orderId: number): Promise<OrderRow> {
    const order = await orders.customerRow(userId, orderId);
    if (!order) throw problem('not_found', messages.checkout.orderNotFound, 'NOT_FOUND');
    if (order.status !== 'awaiting_payment') throw notPayable();
    // Its time ran out: the expiry job cancels it at its next run; no new payment starts meanwhile.
    if (expired(order)) throw problem('conflict', money.orderExpired, 'ORDER_EXPIRED');
    return order;
  }

  async function paymentRequest(
    order: OrderRow,
    attempt: string,
    urls: { success: string; cancel: string },
    user: User,
  ) {
    const items = await orders.itemRows([order.id]);
    return buildPaymentRequest(order, items, {
      successUrl: urls.success,
      cancelUrl: urls.cancel,
      attempt,
      customerEmail: user.email,
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // The one paid write

  /**
   * Money arrived for a payment, inside the caller's transaction: the payment is completed (locked first), then
   * the orders module moves the order to paid if it still awaits payment; otherwise the payment is marked a
   * duplicate (to be refunded after the commit).
   */
  async function settleWithin(
    trx: Transaction<DB>,
    payment: PaymentRow,
    chargeRef: string | null,
  ): Promise<Settled> {
    const completed = await completePaymentAt(trx, payment.id, { at: clock.now(), chargeRef });
    if (!completed) return { kind: 'already_completed', payment };
    const paid = await orders.payWithin(trx, completed.order_id, methodOf(payment.provider));
    if (paid.result === 'paid') return { kind: 'paid', payment, moved: paid.moved };
    await markDuplicate(trx, payment.id);
    return { kind: 'order_not_payable', payment };
  }

  /**
   * After the paid transaction committed: the receipt leaves and the order's other open attempts are closed (an
   * open Checkout Session could still take money); money that arrived twice goes back.
   */
  async function afterSettle(settled: Settled): Promise<void> {
    if (settled.kind === 'order_not_payable') {
      await refunds.refundDuplicate(settled.payment.id);
      return;
    }
    if (settled.kind !== 'paid') return;
    if (settled.moved) await orders.afterCommit(settled.moved);
    for (const other of await findOpenPayments(db, settled.payment.order_id)) {
      await reconcileAttempt(other, { close: true });
    }
  }

  async function settle(payment: PaymentRow, chargeRef: string | null): Promise<Settled> {
    const settled = await db.transaction().execute((trx) => settleWithin(trx, payment, chargeRef));
    await afterSettle(settled);
    return settled;
  }

  const outcomeOf = (settled: Settled): AttemptOutcome =>
    settled.kind === 'paid'
      ? 'paid'
      : settled.kind === 'order_not_payable'
        ? 'duplicate'
        : 'already_completed';

  /** The provider's amount and currency must be the stored payment's, to the cent. */
  async function matches(
    payment: PaymentRow,
    cents: number | null,
    currency: string | undefined,
  ): Promise<boolean> {
    const order = await orders.row(payment.order_id);
    const ok = cents === Number(payment.amount_cents) && currency === order?.currency.toUpperCase();
    if (!ok) {
      log.error(
        {
          paymentId: payment.id,
          ref: payment.provider_ref,
          paid: cents,
          currency,
          expected: Number(payment.amount_cents),
        },
        'the provider’s amount differs from the stored payment; the order stays unpaid (needs review)',
      );
    }
    return ok;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Asking the providers what really happened (reconciliation, expiry, a new attempt with the other provider)

  /**
   * Asks the provider about one attempt still open on our side and applies what it says through `settle`.
   * `close`: an attempt still open at the provider is closed (Stripe: the session is expired at Stripe; PayPal:
   * closed on our side only, as Orders v2 has no void: we simply never capture it).
   */
  async function reconcileAttempt(payment: PaymentRow, opts: { close: boolean }): Promise<AttemptOutcome> {
    await markChecked(db, payment.id, clock.now());
    const order = await orders.row(payment.order_id);
    // An order that no longer awaits payment must not take money through this attempt any more.
    const close = opts.close || order?.status !== 'awaiting_payment';
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
    if (found.status === 'APPROVED' && !close && order && !expired(order)) {
      const captured = await captureAndSettle(payment);
      return captured.outcome;
    }
    if (close) {
      await closePayment(db, payment.id, 'expired');
      return 'closed';
    }
    return 'open';
  }

  function providerTrouble(payment: PaymentRow, error: unknown): AttemptOutcome {
    if (!(error instanceof ProviderError)) throw error;
    log.warn(
      { err: error, paymentId: payment.id, ref: payment.provider_ref },
      'could not ask the provider about an attempt',
    );
    return 'unreachable';
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

  // -------------------------------------------------------------------------------------------------------------
  // Card (Stripe Checkout)

  /**
   * The order's newest attempt with a provider that is still open on our side, with its state at the provider
   * (undefined when the provider cannot be asked right now: the caller then starts a new attempt).
   */
  async function openAttempt<T>(
    orderId: number,
    provider: PaymentRow['provider'],
    lookUp: (ref: string) => Promise<T>,
  ) {
    const payment = await findOpenPayment(db, orderId, provider);
    if (!payment) return undefined;
    const current = await lookUp(payment.provider_ref).catch((err: unknown) => {
      log.warn({ err, provider, ref: payment.provider_ref }, 'could not look up an open payment attempt');
      return undefined;
    });
    return { payment, current };
  }

  /**
   * Stripe's session stops taking money when the order expires, or as close to it as Stripe allows. Derived from
   * the order alone, so a repeated create (same idempotency key) sends the same parameters; outside Stripe's
   * window it is left out and the expiry job closes the session itself.
   */
  function sessionExpiry(order: OrderRow): Date | undefined {
    if (order.expires_at === null) return undefined;
    const end = Math.min(
      new Date(order.expires_at).getTime(),
      new Date(order.created_at).getTime() + STRIPE_MAX_AFTER_ORDER_MS,
    );
    return end - clock.now().getTime() >= STRIPE_MIN_EXPIRY_MS ? new Date(end) : undefined;
  }

  /** POST api/create-checkout-session/: a Checkout Session for the stored order; the browser is sent to its url. */
  async function startCardCheckout(user: User, orderId: number): Promise<{ id: string; url: string }> {
    const order = await payableOrder(user.id, orderId);
    const card = gateway('card');
    await closeOtherAttempts(order.id, 'stripe', m.checkoutFailed);

    // One open session per order: a second click (or a return from /cancel) gets the same one back, so a buyer
    // cannot end up paying two sessions.
    const open = await openAttempt(order.id, 'stripe', (ref) => card.retrieveCheckout(ref));
    if (open) {
      const existing = open.current;
      if (existing?.status === 'open' && existing.url) return { id: existing.id, url: existing.url };
      if (existing?.status === 'expired') await closePayment(db, open.payment.id, 'expired');
      if (existing?.status === 'complete') {
        // Paid at Stripe, the webhook not (yet) here: apply it now; no second session either way.
        await reconcileAttempt(open.payment, { close: false });
        throw notPayable();
      }
    }

    const attempt = (await countPayments(db, order.id, 'stripe')) + 1;
    const web = config.webUrl;
    const request = await paymentRequest(
      order,
      `card-${attempt}`,
      {
        success: `${web}/success?order=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
        cancel: `${web}/cancel?order=${order.id}`,
      },
      user,
    );
    const expiresAt = sessionExpiry(order);
    if (expiresAt) request.expiresAt = expiresAt;
    let session;
    try {
      session = await card.createCheckout(request);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      log.error({ err: error, orderId: order.id }, 'checkout session could not be created');
      throw problem('upstream', m.checkoutFailed, 'PAYMENT_PROVIDER_ERROR');
    }
    if (session.amountCents !== request.totalCents || !session.url) {
      log.error(
        { orderId: order.id, session: session.id, amount: session.amountCents },
        'checkout session total differs from the order',
      );
      throw problem('upstream', m.checkoutFailed, 'PAYMENT_PROVIDER_ERROR');
    }
    await insertPayment(db, {
      order_id: order.id,
      provider: 'stripe',
      provider_ref: session.id,
      amount_cents: request.totalCents,
      created_at: clock.now(),
    });
    return { id: session.id, url: session.url };
  }

  type WebhookOutcome = { kind: 'duplicate' | 'ignored' | 'mismatch' } | Settled;

  const paidEvent = (event: CardEvent) =>
    (event.type === 'checkout.session.completed' && event.session?.paymentStatus === 'paid') ||
    event.type === 'checkout.session.async_payment_succeeded';

  /**
   * POST api/stripe/webhook/: verify, record the event id once, apply it. The record and the effect share one
   * transaction, so a redelivered event does nothing and a failed one (500) is applied when Stripe retries.
   * Unknown sessions and events that change nothing are recorded and acknowledged.
   */
  async function handleCardWebhook(
    rawBody: Buffer,
    signature: string | string[] | undefined,
  ): Promise<WebhookOutcome['kind']> {
    const card = gateway('card');
    let event: CardEvent;
    try {
      event = card.verifyEvent(rawBody, signature);
    } catch (error) {
      if (error instanceof InvalidEventError) {
        log.warn(
          { err: { message: error.message } },
          'signed Stripe webhook refused: not an event we can read',
        );
        throw problem('invalid', messages.generic.invalidWebhookEvent, 'INVALID_WEBHOOK_EVENT');
      }
      if (!(error instanceof InvalidSignatureError)) throw error;
      throw problem('invalid', 'Invalid webhook signature.', 'INVALID_SIGNATURE');
    }

    const outcome = await db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
      const session = event.session;
      const recorded = await recordEvent(trx, {
        id: event.id,
        provider: 'stripe',
        type: event.type,
        providerRef: session?.id,
      });
      if (!recorded) return { kind: 'duplicate' };
      // Unknown sessions (another integration's, or not ours) are recorded and acknowledged, nothing more.
      if (!session || recorded.order_id === null) return { kind: 'ignored' };
      const payment = await findPaymentByRef(trx, 'stripe', session.id);
      // recordEvent found the order through this session's payment row, so it exists.
      if (!payment) throw new Error(`no payment row for Stripe session ${session.id}`);
      if (paidEvent(event)) {
        const order = await orders.rowWithin(trx, payment.order_id);
        if (!order) throw new Error(`no order ${payment.order_id} for Stripe session ${session.id}`);
        if (
          session.amountCents !== Number(payment.amount_cents) ||
          session.currency !== order.currency.toUpperCase()
        ) {
          log.error(
            {
              event: event.id,
              session: session.id,
              paid: session.amountCents,
              currency: session.currency,
              expected: Number(payment.amount_cents),
            },
            'card payment does not match the stored amount; the order stays unpaid (needs review)',
          );
          return { kind: 'mismatch' };
        }
        return settleWithin(trx, payment, session.paymentIntentId);
      }
      if (event.type === 'checkout.session.expired') await closePayment(trx, payment.id, 'expired');
      if (event.type === 'checkout.session.async_payment_failed')
        await closePayment(trx, payment.id, 'failed');
      return { kind: 'ignored' };
    });

    if ('payment' in outcome) await afterSettle(outcome);
    return outcome.kind;
  }

  // -------------------------------------------------------------------------------------------------------------
  // PayPal (Orders v2)

  /** POST api/paypal/create-payment/: a PayPal order for the stored total; the browser goes to its approval url. */
  async function startPaypalPayment(
    user: User,
    orderId: number,
  ): Promise<{ payment_id: string; approval_url: string }> {
    const order = await payableOrder(user.id, orderId);
    const paypal = gateway('paypal');
    await closeOtherAttempts(order.id, 'paypal', m.paypalFailed);

    const existing = (await openAttempt(order.id, 'paypal', (ref) => paypal.getOrder(ref)))?.current;
    if (existing && REUSABLE.has(existing.status) && existing.approvalUrl) {
      return { payment_id: existing.id, approval_url: existing.approvalUrl };
    }

    const attempt = (await countPayments(db, order.id, 'paypal')) + 1;
    const web = config.webUrl;
    const request = await paymentRequest(
      order,
      `paypal-${attempt}`,
      {
        success: `${web}/payment/success?order=${order.id}`,
        cancel: `${web}/payment/cancel?order=${order.id}`,
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
   * Captures an approved PayPal order with the payment's own PayPal-Request-Id (a retry gets PayPal's first answer)
   * and settles it. ORDER_ALREADY_CAPTURED counts when PayPal confirms the order COMPLETED for the right amount.
   * Shared by the buyer's return (capture-payment) and reconciliation.
   */
  async function captureAndSettle(payment: PaymentRow): Promise<Captured> {
    const paypal = gateway('paypal');
    let captured: PaypalOrder;
    try {
      const result = await paypal.captureOrder(
        payment.provider_ref,
        `bindery-capture-${payment.id}-${payment.provider_ref}`,
      );
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
    if (order?.status !== 'awaiting_payment') {
      // A concurrent capture of this same payment may have just paid the order: that is this call's success too.
      const now = await findPaymentByRef(db, 'paypal', paypalOrderId);
      if (now?.status === 'completed') return orders.myOrder(user.id, payment.order_id);
      throw notPayable();
    }
    if (payment.status !== 'created') throw notPayable();
    if (expired(order)) throw problem('conflict', money.orderExpired, 'ORDER_EXPIRED');

    const { outcome } = await captureAndSettle(payment);
    if (outcome === 'refused') throw captureFailed('payment_required');
    if (outcome === 'unreachable' || outcome === 'mismatch') throw captureFailed('upstream');
    if (outcome === 'duplicate') throw notPayable();
    return orders.myOrder(user.id, payment.order_id);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Reconciliation (the job, the expiry's closing of attempts, and the admin's button)

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
    closeAttempts,
    startCardCheckout,
    handleCardWebhook,
    startPaypalPayment,
    capturePaypalPayment,
    reconcileOrder,
    reconcileDue,
    closeOrderAttempts,
  };
}
