/**
 * What every verb of the payments module shares (docs/decisions/0014, 0022; split by verb in ADR 0056): its
 * dependencies, the refusals, the caller's payable order, the provider request built from the stored order, and
 * the one paid write. Whatever brings the news (the Stripe webhook, the PayPal capture, reconciliation, expiry)
 * `settleWithin` completes the payment and moves the order to paid with the orders module, in one transaction;
 * amounts and currency must match the stored payment to the cent (`matches`). Money for an order that no longer
 * awaits it is marked a duplicate and refunded after the commit (refunds.service.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import type { AttemptOutcome } from '@bindery/contracts/admin/payments';
import { messages } from '@bindery/contracts/messages';
import { holdTexts } from '@bindery/contracts/store/order-hold';
import type { PaymentPurpose } from '@bindery/contracts/store/payments';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import type { Moved, OrderRow, OrdersModule } from '../orders/orders.service.js';
import type { PaymentGateways, PaymentRequest } from './payment-gateways.js';
import { buildDifferenceRequest, buildPaymentRequest } from './payment-lines.js';
import {
  completePaymentAt,
  findOpenPayment,
  findOpenPayments,
  markDuplicate,
  type PaidResult,
  type PaymentRow,
} from './payments.repository.js';
import type { RefundsModule } from './refunds.service.js';

const m = messages.payments;

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
  /**
   * Test payment mode only (PAYMENTS_TEST_UNREACHABLE_LIMIT, docs/decisions/0064): an open attempt the test
   * servers could not answer about this many times is marked failed. Unset (live mode): asked again forever, as
   * a provider that is down may still hold the buyer's money.
   */
  testUnreachableLimit?: number;
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

export type User = { id: number; email: string };
type Method = 'card' | 'paypal';
const methodOf = (provider: PaymentRow['provider']): Method => (provider === 'stripe' ? 'card' : 'paypal');

/** What an attempt pays: the order's total, or its hold's unpaid difference (`due`, ADR 0077). */
export interface PaymentTarget {
  purpose: PaymentPurpose;
  order: OrderRow;
  due?: { cents: number; what: string };
}

/** A settled payment and what is still to do after the commit. */
export interface Settled {
  kind: PaidResult;
  payment: PaymentRow;
  moved?: Moved;
}

/** Asks the provider about one attempt open on our side and applies the answer (reconcile.ts). */
export type ReconcileAttempt = (payment: PaymentRow, opts: { close: boolean }) => Promise<AttemptOutcome>;

export type PaymentCore = ReturnType<typeof createPaymentCore>;

/**
 * `reconcileAttempt` is looked up when called: a settled payment closes the order's other open attempts through
 * reconciliation, which settles through this core.
 */
export function createPaymentCore(deps: PaymentsDeps, links: { reconcileAttempt: ReconcileAttempt }) {
  const { db, clock, gateways, orders, refunds, log } = deps;

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
    if (expired(order)) throw problem('conflict', messages.money.orderExpired, 'ORDER_EXPIRED');
    return order;
  }

  /** Whether the payment's order still awaits this payment's money (its total, or its hold's difference). */
  const awaits = (payment: Pick<PaymentRow, 'purpose'>, order: OrderRow | undefined): boolean =>
    payment.purpose === 'difference'
      ? order?.status === 'on_hold'
      : order?.status === 'awaiting_payment' && !expired(order);

  /**
   * What an attempt is for, checked: the caller's order awaiting payment (`order`), or the caller's order on hold
   * with an unpaid higher difference (`difference`, ADR 0077: the server's own figure, never the client's).
   */
  async function paymentTarget(user: User, orderId: number, purpose: PaymentPurpose): Promise<PaymentTarget> {
    if (purpose === 'difference') {
      const due = await orders.differenceToPay(user.id, orderId);
      return { purpose, order: due.order, due: { cents: due.cents, what: due.what } };
    }
    return { purpose, order: await payableOrder(user.id, orderId) };
  }

  /** The provider request of a target: the order's lines, or the difference's one line with its tax. */
  async function paymentRequest(
    target: PaymentTarget,
    attempt: string,
    urls: { success: string; cancel: string },
    user: User,
  ): Promise<PaymentRequest> {
    const { order, due } = target;
    const payTarget = { successUrl: urls.success, cancelUrl: urls.cancel, customerEmail: user.email };
    if (due) {
      const name = holdTexts.differenceLine(due.what);
      return buildDifferenceRequest(order, due.cents, name, { ...payTarget, attempt: `difference-${attempt}` });
    }
    return buildPaymentRequest(order, await orders.itemRows([order.id]), { ...payTarget, attempt });
  }

  /** An open attempt serves this target again only when it is for the same purpose and amount. */
  const sameTarget = (payment: PaymentRow, target: PaymentTarget): boolean =>
    payment.purpose === target.purpose &&
    (target.due === undefined || Number(payment.amount_cents) === target.due.cents);

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
    if (payment.purpose === 'difference') {
      // A hold's difference (ADR 0077): the order stays on hold; money for a difference no longer due goes back.
      const counted = await orders.payDifferenceWithin(trx, {
        orderId: completed.order_id,
        paymentId: payment.id,
        cents: Number(payment.amount_cents),
        method: methodOf(payment.provider),
      });
      if (counted === 'paid') return { kind: 'paid', payment };
      await markDuplicate(trx, payment.id);
      return { kind: 'order_not_payable', payment };
    }
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
      await links.reconcileAttempt(other, { close: true });
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

  return {
    problem,
    notPayable,
    gateway,
    expired,
    payableOrder,
    paymentTarget,
    paymentRequest,
    sameTarget,
    awaits,
    openAttempt,
    settleWithin,
    afterSettle,
    settle,
    outcomeOf,
    matches,
  };
}
