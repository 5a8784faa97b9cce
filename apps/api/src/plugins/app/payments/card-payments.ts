/**
 * Card payments through Stripe Checkout (docs/decisions/0014, 0022; ADR 0056 split the module by verb): a
 * Checkout Session for the stored order, and the signed webhook that makes the order paid
 * (checkout.session.completed with payment_status paid, or async_payment_succeeded), never the browser's return.
 */
import { messages } from '@bindery/contracts/messages';
import type { PaymentPurpose } from '@bindery/contracts/store/payments';
import type { OrderRow } from '../orders/orders.service.js';
import type { PaymentCore, PaymentsDeps, Settled, User } from './payment-core.js';
import {
  InvalidEventError,
  InvalidSignatureError,
  ProviderError,
  type CardEvent,
} from './payment-gateways.js';
import {
  closePayment,
  countPayments,
  findPaymentByRef,
  insertPayment,
  recordEvent,
} from './payments.repository.js';
import type { Reconciliation } from './reconcile.js';

const m = messages.payments;

/** Stripe takes expires_at between 30 minutes and 24 hours ahead of the session's creation. */
const STRIPE_MIN_EXPIRY_MS = 31 * 60 * 1000;
/** A session's end is at most this long after its order was placed (inside Stripe's 24 hours, with a margin). */
const STRIPE_MAX_AFTER_ORDER_MS = 23 * 3600 * 1000 + 55 * 60 * 1000;

export function createCardPayments(
  deps: PaymentsDeps,
  core: PaymentCore,
  reconcile: Pick<Reconciliation, 'reconcileAttempt' | 'closeOtherAttempts'>,
) {
  const { db, clock, orders, log, config } = deps;
  const {
    problem,
    notPayable,
    gateway,
    paymentTarget,
    paymentRequest,
    sameTarget,
    openAttempt,
    settleWithin,
    afterSettle,
  } = core;
  const { reconcileAttempt, closeOtherAttempts } = reconcile;

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

  /**
   * POST api/create-checkout-session/: a Checkout Session for the stored order (or its hold's unpaid difference,
   * `purpose: 'difference'`, ADR 0077); the browser is sent to its url.
   */
  async function startCardCheckout(
    user: User,
    orderId: number,
    purpose: PaymentPurpose = 'order',
  ): Promise<{ id: string; url: string }> {
    const target = await paymentTarget(user, orderId, purpose);
    const { order } = target;
    const card = gateway('card');
    await closeOtherAttempts(order.id, 'stripe', m.checkoutFailed);

    // One open session per order: a second click (or a return from /cancel) gets the same one back, so a buyer
    // cannot end up paying two sessions.
    const open = await openAttempt(order.id, 'stripe', (ref) => card.retrieveCheckout(ref));
    if (open && !sameTarget(open.payment, target)) {
      // For something else (the difference grew meanwhile): closed first, so it cannot take money too.
      if ((await reconcileAttempt(open.payment, { close: true })) !== 'closed') throw notPayable();
    } else if (open) {
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
      target,
      `card-${attempt}`,
      target.due
        ? { success: `${web}/orders/${order.id}?difference=paid`, cancel: `${web}/orders/${order.id}` }
        : {
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
      purpose,
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

  return { startCardCheckout, handleCardWebhook };
}
