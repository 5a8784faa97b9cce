/**
 * Paying an order (docs/decisions/0014). The server alone decides what is charged (the stored order) and when
 * an order is paid:
 * - card: a Stripe Checkout Session; the order becomes paid on the signed webhook (checkout.session.completed
 *   with payment_status paid, or async_payment_succeeded), never on the browser's return;
 * - PayPal: an Orders v2 order; the buyer approves at PayPal, then the API captures server-side with a
 *   PayPal-Request-Id derived from the payment row (a retried capture is safe; ORDER_ALREADY_CAPTURED counts when
 *   PayPal confirms the order COMPLETED).
 * Either way the same one-transaction write (`markPaid` below: payments.repository.ts `completePayment`, then the
 * orders module's `payWithin`) completes the payment, pays the order (event, projects ordered, receipt in the
 * mail outbox); amounts and currency must match the stored payment to the cent.
 */
import type { FastifyInstance } from 'fastify';
import type { Order } from '@bindery/contracts/store/checkout';
import { messages } from '@bindery/contracts/messages';
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/database.js';
import type { UserRow } from '../users/users.repository.js';
import { findOrderItems, findUserOrder, type OrderRow } from '../orders/orders.repository.js';
import type { Moved } from '../orders/orders.service.js';
import { ApiProblem } from '../errors.js';
import {
  InvalidSignatureError,
  ProviderError,
  type CardEvent,
  type PaypalOrder,
  type PaymentGateways,
} from './payment-gateways.js';
import { buildPaymentRequest } from './payment-lines.js';
import {
  closePayment,
  completePayment,
  countPayments,
  findOpenPayment,
  findOtherOpenPayments,
  findPaymentByRef,
  findUserPaymentByRef,
  insertPayment,
  recordEvent,
  type PaidResult,
  type PaymentRow,
} from './payments.repository.js';

/** A refusal with its HTTP status, the spec's text and a machine code (routes turn it into ErrorBody). */
export class PaymentProblem extends ApiProblem {
  constructor(statusCode: number, message: string, code: string) {
    super(statusCode, message, { code });
    this.name = 'PaymentProblem';
  }
}

const m = messages.payments;
type User = Pick<UserRow, 'id' | 'email'>;

function gateway<K extends keyof PaymentGateways>(
  app: FastifyInstance,
  kind: K,
): NonNullable<PaymentGateways[K]> {
  const found = app.paymentGateways[kind];
  if (!found) {
    throw new PaymentProblem(
      503,
      kind === 'card' ? m.cardNotConfigured : m.paypalNotConfigured,
      'PAYMENT_METHOD_UNAVAILABLE',
    );
  }
  return found as NonNullable<PaymentGateways[K]>;
}

/** The caller's order, if it can still be paid (another user's order is "not found", never "forbidden"). */
async function payableOrder(app: FastifyInstance, userId: number, orderId: number): Promise<OrderRow> {
  const order = await findUserOrder(app.db, userId, orderId);
  if (!order) throw new PaymentProblem(404, messages.checkout.orderNotFound, 'NOT_FOUND');
  if (order.status !== 'awaiting_payment') {
    throw new PaymentProblem(409, messages.checkout.orderNotPayable, 'ORDER_NOT_PAYABLE');
  }
  return order;
}

async function paymentRequest(
  app: FastifyInstance,
  order: OrderRow,
  attempt: string,
  urls: { success: string; cancel: string },
  user: User,
) {
  const items = await findOrderItems(app.db, [order.id]);
  return buildPaymentRequest(order, items, {
    successUrl: urls.success,
    cancelUrl: urls.cancel,
    attempt,
    customerEmail: user.email,
  });
}

/**
 * The order's newest attempt with a provider that is still open on our side, with its state at the provider
 * (undefined when the provider cannot be asked right now: the caller then starts a new attempt).
 */
async function openAttempt<T>(
  app: FastifyInstance,
  orderId: number,
  provider: PaymentRow['provider'],
  lookUp: (ref: string) => Promise<T>,
): Promise<{ payment: PaymentRow; current: T | undefined } | undefined> {
  const payment = await findOpenPayment(app.db, orderId, provider);
  if (!payment) return undefined;
  const current = await lookUp(payment.provider_ref).catch((err: unknown) => {
    app.log.warn({ err, provider, ref: payment.provider_ref }, 'could not look up an open payment attempt');
    return undefined;
  });
  return { payment, current };
}

// ---------------------------------------------------------------------------------------------------------------
// Card (Stripe Checkout)

/** POST api/create-checkout-session/: a Checkout Session for the stored order; the browser is sent to its url. */
export async function startCardCheckout(
  app: FastifyInstance,
  user: User,
  orderId: number,
): Promise<{ id: string; url: string }> {
  const order = await payableOrder(app, user.id, orderId);
  const card = gateway(app, 'card');

  // One open session per order: a second click (or a return from /cancel) gets the same one back, so a buyer
  // cannot end up paying two sessions.
  const open = await openAttempt(app, order.id, 'stripe', (ref) => card.retrieveCheckout(ref));
  if (open) {
    const existing = open.current;
    if (existing?.status === 'open' && existing.url) return { id: existing.id, url: existing.url };
    if (existing?.status === 'expired') await closePayment(app.db, open.payment.id, 'expired');
    if (existing?.status === 'complete') {
      // Paid at Stripe, the webhook not (yet) here: no second session. The webhook completes the order.
      throw new PaymentProblem(409, messages.checkout.orderNotPayable, 'ORDER_NOT_PAYABLE');
    }
  }

  const attempt = (await countPayments(app.db, order.id, 'stripe')) + 1;
  const web = app.config.webUrl;
  const request = await paymentRequest(
    app,
    order,
    `card-${attempt}`,
    {
      success: `${web}/success?order=${order.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel: `${web}/cancel?order=${order.id}`,
    },
    user,
  );
  let session;
  try {
    session = await card.createCheckout(request);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    app.log.error({ err: error, orderId: order.id }, 'checkout session could not be created');
    throw new PaymentProblem(502, m.checkoutFailed, 'PAYMENT_PROVIDER_ERROR');
  }
  if (session.amountCents !== request.totalCents || !session.url) {
    app.log.error(
      { orderId: order.id, session: session.id, amount: session.amountCents },
      'checkout session total differs from the order',
    );
    throw new PaymentProblem(502, m.checkoutFailed, 'PAYMENT_PROVIDER_ERROR');
  }
  await insertPayment(app.db, {
    order_id: order.id,
    provider: 'stripe',
    provider_ref: session.id,
    amount_cents: request.totalCents,
  });
  return { id: session.id, url: session.url };
}

type WebhookOutcome =
  { kind: 'duplicate' | 'ignored' | 'mismatch' } | { kind: PaidResult; payment: PaymentRow; moved?: Moved };

/**
 * The one "money arrived" write, inside the caller's transaction: the payment becomes completed (locked first),
 * then the orders module moves the order to paid, if it still awaits payment.
 */
async function markPaid(
  app: FastifyInstance,
  trx: Transaction<DB>,
  paymentId: number,
  method: 'card' | 'paypal',
): Promise<{ kind: PaidResult; moved?: Moved }> {
  const completed = await completePayment(trx, paymentId);
  if (!completed) return { kind: 'already_completed' };
  const paid = await app.orders.payWithin(trx, completed.order_id, method);
  return paid.result === 'paid' ? { kind: 'paid', moved: paid.moved } : { kind: 'order_not_payable' };
}

const paidEvent = (event: CardEvent) =>
  (event.type === 'checkout.session.completed' && event.session?.paymentStatus === 'paid') ||
  event.type === 'checkout.session.async_payment_succeeded';

/**
 * POST api/stripe/webhook/: verify, record the event id once, apply it. The record and the effect share one
 * transaction, so a redelivered event does nothing and a failed one (500) is applied when Stripe retries.
 * Unknown sessions and events that change nothing are recorded and acknowledged.
 */
export async function handleCardWebhook(
  app: FastifyInstance,
  rawBody: Buffer,
  signature: string | string[] | undefined,
): Promise<WebhookOutcome['kind']> {
  const card = gateway(app, 'card');
  let event: CardEvent;
  try {
    event = card.verifyEvent(rawBody, signature);
  } catch (error) {
    if (!(error instanceof InvalidSignatureError)) throw error;
    throw new PaymentProblem(400, 'Invalid webhook signature.', 'INVALID_SIGNATURE');
  }

  const outcome = await app.db.transaction().execute(async (trx): Promise<WebhookOutcome> => {
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
    const payment = (await findPaymentByRef(trx, 'stripe', session.id))!;
    if (paidEvent(event)) {
      const order = await trx
        .selectFrom('orders')
        .select('currency')
        .where('id', '=', payment.order_id)
        .executeTakeFirstOrThrow();
      if (
        session.amountCents !== Number(payment.amount_cents) ||
        session.currency !== order.currency.toUpperCase()
      ) {
        app.log.error(
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
      return { ...(await markPaid(app, trx, payment.id, 'card')), payment };
    }
    if (event.type === 'checkout.session.expired') await closePayment(trx, payment.id, 'expired');
    if (event.type === 'checkout.session.async_payment_failed') await closePayment(trx, payment.id, 'failed');
    return { kind: 'ignored' };
  });

  if ('payment' in outcome) await afterPaid(app, outcome.kind, outcome.payment, outcome.moved);
  return outcome.kind;
}

// ---------------------------------------------------------------------------------------------------------------
// PayPal (Orders v2)

const REUSABLE = new Set(['CREATED', 'PAYER_ACTION_REQUIRED']);

/** POST api/paypal/create-payment/: a PayPal order for the stored total; the browser goes to its approval url. */
export async function startPaypalPayment(
  app: FastifyInstance,
  user: User,
  orderId: number,
): Promise<{ payment_id: string; approval_url: string }> {
  const order = await payableOrder(app, user.id, orderId);
  const paypal = gateway(app, 'paypal');

  const existing = (await openAttempt(app, order.id, 'paypal', (ref) => paypal.getOrder(ref)))?.current;
  if (existing && REUSABLE.has(existing.status) && existing.approvalUrl) {
    return { payment_id: existing.id, approval_url: existing.approvalUrl };
  }

  const attempt = (await countPayments(app.db, order.id, 'paypal')) + 1;
  const web = app.config.webUrl;
  const request = await paymentRequest(
    app,
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
    app.log.error({ err: error, orderId: order.id }, 'PayPal order could not be created');
    throw new PaymentProblem(502, m.paypalFailed, 'PAYMENT_PROVIDER_ERROR');
  }
  const row = {
    order_id: order.id,
    provider: 'paypal' as const,
    provider_ref: created.id,
    amount_cents: request.totalCents,
  };
  if (!created.approvalUrl) {
    // Kept as a failed attempt, so the next one uses a new PayPal-Request-Id instead of replaying this answer.
    const payment = await insertPayment(app.db, row);
    await closePayment(app.db, payment.id, 'failed');
    app.log.error({ orderId: order.id, paypalOrder: created.id }, 'PayPal gave no approval link');
    throw new PaymentProblem(502, m.noApprovalUrl, 'PAYMENT_PROVIDER_ERROR');
  }
  await insertPayment(app.db, row);
  return { payment_id: created.id, approval_url: created.approvalUrl };
}

/** PayPal's refusals that mean "the buyer has not (successfully) paid": 402, the page lets them try again. */
const captureFailed = (status: number) =>
  new PaymentProblem(status, m.captureFailed, status === 402 ? 'PAYMENT_FAILED' : 'PAYMENT_PROVIDER_ERROR');

/**
 * POST api/paypal/capture-payment/: called by /payment/success when the buyer returns from PayPal. Idempotent:
 * a completed payment answers the paid order at once; a repeated capture reuses the PayPal-Request-Id.
 */
export async function capturePaypalPayment(
  app: FastifyInstance,
  user: User,
  paypalOrderId: string,
): Promise<Order> {
  const payment = await findUserPaymentByRef(app.db, user.id, 'paypal', paypalOrderId);
  if (!payment) throw new PaymentProblem(404, messages.checkout.orderNotFound, 'NOT_FOUND');
  if (payment.status === 'completed') return app.orders.myOrder(user.id, payment.order_id);
  const order = await findUserOrder(app.db, user.id, payment.order_id);
  if (order?.status !== 'awaiting_payment') {
    // A concurrent capture of this same payment may have just paid the order: that is this call's success too.
    const now = await findPaymentByRef(app.db, 'paypal', paypalOrderId);
    if (now?.status === 'completed') return app.orders.myOrder(user.id, payment.order_id);
    throw new PaymentProblem(409, messages.checkout.orderNotPayable, 'ORDER_NOT_PAYABLE');
  }
  const paypal = gateway(app, 'paypal');

  let captured: PaypalOrder;
  try {
    const result = await paypal.captureOrder(
      paypalOrderId,
      `bindery-capture-${payment.id}-${payment.provider_ref}`,
    );
    if (result.ok) captured = result.order;
    else if (result.issue === 'ORDER_ALREADY_CAPTURED') captured = await paypal.getOrder(paypalOrderId);
    else {
      app.log.warn(
        { paypalOrder: paypalOrderId, issue: result.issue, status: result.statusCode },
        'PayPal refused the capture',
      );
      throw captureFailed(402);
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    app.log.error({ err: error, paypalOrder: paypalOrderId }, 'PayPal capture failed');
    throw captureFailed(502);
  }
  if (captured.status !== 'COMPLETED') {
    app.log.warn(
      { paypalOrder: paypalOrderId, status: captured.status },
      'PayPal order is not completed after capture',
    );
    throw captureFailed(402);
  }
  if (
    captured.capturedCents !== Number(payment.amount_cents) ||
    captured.capturedCurrency !== order.currency.toUpperCase()
  ) {
    app.log.error(
      {
        paypalOrder: paypalOrderId,
        captured: captured.capturedCents,
        currency: captured.capturedCurrency,
        expected: Number(payment.amount_cents),
      },
      'PayPal capture does not match the stored amount; the order stays unpaid (needs review)',
    );
    throw captureFailed(502);
  }

  const result = await app.db.transaction().execute((trx) => markPaid(app, trx, payment.id, 'paypal'));
  await afterPaid(app, result.kind, payment, result.moved);
  if (result.kind === 'order_not_payable') {
    throw new PaymentProblem(409, messages.checkout.orderNotPayable, 'ORDER_NOT_PAYABLE');
  }
  return app.orders.myOrder(user.id, payment.order_id);
}

// ---------------------------------------------------------------------------------------------------------------
// After the paid transaction committed

/**
 * The order just became paid: send the receipt (written with the move) and close the order's other open attempts
 * (an open Checkout Session could still take money). Money for an order that was no longer payable is logged for a refund.
 */
async function afterPaid(
  app: FastifyInstance,
  result: PaidResult,
  payment: PaymentRow,
  moved: Moved | undefined,
) {
  if (result === 'order_not_payable') {
    app.log.error(
      { orderId: payment.order_id, paymentId: payment.id, provider: payment.provider },
      'money received for an order that no longer awaits payment: refund it',
    );
    return;
  }
  if (result !== 'paid') return;
  // The receipt was written to the mail outbox with the move: it leaves now.
  if (moved) app.orders.afterCommit(moved);
  for (const other of await findOtherOpenPayments(app.db, payment.order_id, payment.id)) {
    if (other.provider === 'stripe' && app.paymentGateways.card) {
      await app.paymentGateways.card
        .expireCheckout(other.provider_ref)
        .catch((err: unknown) =>
          app.log.warn({ err, session: other.provider_ref }, 'could not expire a checkout session'),
        );
    }
    await closePayment(app.db, other.id, 'expired');
  }
}
