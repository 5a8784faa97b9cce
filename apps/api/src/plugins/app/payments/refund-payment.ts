/**
 * One refund of one payment, whoever asks (docs/decisions/0022): in one transaction the payment row is locked, what
 * is left is checked (pending refunds count as spent) and a `pending` refund row is written with a new idempotency
 * key; then the provider that took the money is asked with that key (Stripe Refunds on the PaymentIntent, PayPal
 * capture refund). Its answer completes the row; a refusal removes it (nothing recorded, 502 with the provider's own
 * message); no answer keeps it pending, and the reconciliation job asks again with the SAME key
 * (refunds.service.ts `retryPending`), so the provider either replays the refund it made or makes it now: never
 * twice. The transaction that records the provider's acceptance also writes the refund's event on the order's
 * timeline and issues its credit note (the invoices module's `creditNotes`, ADR 0075).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { messages } from '@bindery/contracts/messages';
import { formatCents } from '@bindery/pricing/money';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import type { OrderWebhooks } from '../orders/order-types.js';
import type { OrderActorInput, OrdersModule } from '../orders/orders.service.js';
import { ProviderError, type PaymentGateways, type ProviderRefund } from './payment-gateways.js';
import {
  completeRefund,
  deleteRefund,
  insertRefund,
  lockPayment,
  reservedCents,
  type RefundRow,
} from './refunds.repository.js';

const m = messages.money;

/** The part of pino/Fastify's logger refunds use. */
export interface RefundsLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RefundsDeps {
  db: Kysely<DB>;
  clock: Clock;
  gateways: PaymentGateways;
  /** Late-bound: the orders module is built with this module as its refunder. */
  orders: () => OrdersModule;
  outbox: MailOutbox;
  log: RefundsLogger;
  /** Issues a refund's credit note in the transaction that records it (the invoices module, ADR 0075). */
  creditNotes?: RefundCreditNotes;
  /** Links in mails, and who sells (the mails are signed with it). */
  config: { webUrl: string; merchant: { name: string; address: string } };
  /** The customer's webhooks hear of a refund (order.refunded, docs/decisions/0076). */
  webhooks?: OrderWebhooks;
}

export interface RefundCreditNotes {
  issueCreditNoteWithin(trx: Transaction<DB>, refundId: number): Promise<{ number: string } | undefined>;
}

export interface RefundArgs {
  /** Absent: everything not yet refunded. */
  amountCents?: number;
  reason: string;
  actor: OrderActorInput;
}

/** The timeline's words for a refund: how much, how, whether it is still pending, and why. */
export function refundNote(
  refund: Pick<RefundRow, 'amount_cents' | 'provider' | 'status'>,
  reason: string,
): string {
  const how = refund.provider === 'stripe' ? 'card' : 'PayPal';
  const pending = refund.status === 'pending' ? ', pending at the provider' : '';
  return `Refunded $${formatCents(Number(refund.amount_cents))} (${how}${pending}): ${reason}`;
}

/** What the provider calls a finished refund; anything else stays pending on our side. */
const settledStatus = (status: string): RefundRow['status'] => {
  const s = status.toLowerCase();
  if (s === 'succeeded' || s === 'completed') return 'succeeded';
  if (s === 'failed' || s === 'canceled' || s === 'cancelled') return 'failed';
  return 'pending';
};

/** The provider looked at the request and said no (4xx): nothing was refunded. Otherwise the outcome is unknown. */
export const refused = (error: ProviderError) => error.statusCode !== undefined && error.statusCode < 500;

/** Refunds (part of) a payment through its provider; the refunds module's verbs are built on it. */
export function createRefundPayment(deps: RefundsDeps) {
  const { db, clock, gateways, log } = deps;

  const notFound = () => new DomainError('not_found', messages.checkout.orderNotFound);

  /** A refund is created with its key (refundPayment); one without is never sent, so the provider cannot pay it twice. */
  const keyOf = (refund: RefundRow): string => {
    if (!refund.idempotency_key) throw new Error(`refund ${refund.id} has no idempotency key`);
    return refund.idempotency_key;
  };

  /** Asks the provider that took the payment's money to give `amountCents` back, with the refund's key. */
  async function askProvider(
    refund: RefundRow,
    chargeRef: string,
    currency: string,
  ): Promise<ProviderRefund> {
    const request = {
      amountCents: Number(refund.amount_cents),
      currency,
      idempotencyKey: keyOf(refund),
      note: refund.reason,
      orderId: refund.order_id,
    };
    if (refund.provider === 'stripe') {
      if (!gateways.card) throw new DomainError('unavailable', m.providerUnavailable);
      return gateways.card.refund(chargeRef, request);
    }
    if (!gateways.paypal) throw new DomainError('unavailable', m.providerUnavailable);
    return gateways.paypal.refundCapture(chargeRef, request);
  }

  /**
   * What a refund of the payment goes back through: the PaymentIntent (Stripe) or the capture (PayPal). Payments
   * completed before these were recorded (or whose settling did not learn it) are looked up at the provider once
   * and the answer kept.
   */
  async function chargeRefOf(payment: {
    id: number;
    provider: 'stripe' | 'paypal';
    provider_ref: string;
    charge_ref: string | null;
  }): Promise<string | null> {
    if (payment.charge_ref) return payment.charge_ref;
    let found: string | null | undefined;
    try {
      if (payment.provider === 'stripe') {
        if (!gateways.card) throw new DomainError('unavailable', m.providerUnavailable);
        found = (await gateways.card.retrieveCheckout(payment.provider_ref)).paymentIntentId;
      } else {
        if (!gateways.paypal) throw new DomainError('unavailable', m.providerUnavailable);
        found = (await gateways.paypal.getOrder(payment.provider_ref)).captureId;
      }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      throw new DomainError('upstream', error.providerMessage ?? m.refundRefused, {
        code: 'PAYMENT_PROVIDER_ERROR',
      });
    }
    if (!found) return null;
    await db.updateTable('payments').set({ charge_ref: found }).where('id', '=', payment.id).execute();
    return found;
  }

  /**
   * Refunds (part of) one completed payment. Throws DomainError: 400 more than is left, 409 nothing to refund,
   * 502 the provider refused (nothing recorded) or did not answer (kept pending, retried), 503 no keys.
   */
  async function refundPayment(paymentId: number, args: RefundArgs): Promise<RefundRow> {
    const before = await db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
    if (before?.status === 'completed') await chargeRefOf(before);
    const now = clock.now();
    const { refund, chargeRef, currency } = await db.transaction().execute(async (trx) => {
      const payment = await lockPayment(trx, paymentId);
      const order = payment ? await deps.orders().rowWithin(trx, payment.order_id) : undefined;
      if (!payment || !order) throw notFound();
      if (payment.status !== 'completed' || !payment.charge_ref) {
        throw new DomainError('conflict', m.nothingToRefund(order.order_number), {
          code: 'NOTHING_TO_REFUND',
        });
      }
      const left = Number(payment.amount_cents) - (await reservedCents(trx, payment.id));
      if (left <= 0) {
        throw new DomainError('invalid', m.fullyRefunded(order.order_number), { code: 'REFUND_TOO_LARGE' });
      }
      const amount = args.amountCents ?? left;
      if (amount > left) {
        const message = m.refundTooLarge(formatCents(left));
        throw new DomainError('invalid', message, {
          code: 'REFUND_TOO_LARGE',
          fields: [{ path: 'body.amount_cents', message }],
        });
      }
      const row = await insertRefund(trx, {
        order_id: order.id,
        payment_id: payment.id,
        provider: payment.provider,
        amount_cents: amount,
        reason: args.reason,
        status: 'pending',
        actor_type: args.actor.type,
        actor_user_id: args.actor.userId,
        actor_label: args.actor.label,
        // One key per refund attempt: a retry of THIS refund replays it at the provider, a new one is new.
        idempotency_key: `bindery-refund-${order.id}-${randomUUID()}`,
        created_at: now,
        updated_at: now,
      });
      return { refund: row, chargeRef: payment.charge_ref, currency: order.currency };
    });

    let answer: ProviderRefund;
    try {
      answer = await askProvider(refund, chargeRef, currency);
    } catch (error) {
      if (error instanceof DomainError) {
        await deleteRefund(db, refund.id);
        throw error;
      }
      if (!(error instanceof ProviderError)) throw error;
      if (refused(error)) {
        await deleteRefund(db, refund.id);
        log.warn(
          { err: error, orderId: refund.order_id, paymentId, provider: refund.provider },
          'the provider refused a refund; nothing was recorded',
        );
        throw new DomainError('upstream', error.providerMessage ?? m.refundRefused, {
          code: 'REFUND_REFUSED',
        });
      }
      log.error(
        { err: error, orderId: refund.order_id, refundId: refund.id, key: refund.idempotency_key },
        'no answer from the provider to a refund: kept pending, retried with the same key',
      );
      throw new DomainError('upstream', m.refundNotConfirmed(error.providerMessage ?? error.message), {
        code: 'REFUND_NOT_CONFIRMED',
      });
    }
    // The outcome, its event on the order's timeline (who, how much, why) and its credit note commit together.
    const { settled: done, webhookIds } = await db
      .transaction()
      .execute((trx) => settleWithin(trx, refund.id, answer, args.actor, args.reason));
    deps.webhooks?.deliver(webhookIds);
    log.info(
      {
        orderId: done.order_id,
        refundId: done.id,
        provider: done.provider,
        cents: Number(done.amount_cents),
      },
      'refund made',
    );
    return done;
  }

  /**
   * The provider's answer to a refund, settled in the caller's transaction: recorded (with its credit note), its
   * event on the order's timeline by the refund's own actor and reason, and — unless the provider failed it — the
   * customer's `order.refunded` webhook written, its ids returned to deliver after the commit. The first answer
   * (refundPayment) and one found later by the reconciliation job (a lost answer) settle the same way.
   */
  async function settleWithin(
    trx: Transaction<DB>,
    refundId: number,
    answer: ProviderRefund,
    actor: OrderActorInput,
    reason: string,
  ): Promise<{ settled: RefundRow; webhookIds: number[] }> {
    const settled = await recordAnswerWithin(trx, refundId, answer);
    const order = await deps.orders().rowWithin(trx, settled.order_id);
    if (!order) return { settled, webhookIds: [] };
    await deps.orders().recordNoteWithin(trx, order, {
      actor,
      note: refundNote(settled, reason),
      // Staff's refunds are the customer's to read; the system's (money that arrived twice or late, refunded
      // automatically) are for staff, the customer has the mail.
      internal: actor.type === 'system',
    });
    if (settled.status === 'failed' || !deps.webhooks) return { settled, webhookIds: [] };
    const webhookIds = await deps.webhooks.enqueueWithin(trx, {
      id: order.id,
      userId: order.user_id,
      orderNumber: order.order_number,
      status: order.status,
      previousStatus: order.status,
      refunded: formatCents(Number(settled.amount_cents)),
    });
    return { settled, webhookIds };
  }

  /**
   * The provider's answer to a refund, recorded: the row completed and, once the provider accepted it, the
   * refund's credit note issued in the same transaction (its number is given back by a rollback; ADR 0075).
   */
  async function recordAnswerWithin(trx: Transaction<DB>, refundId: number, answer: ProviderRefund) {
    const settled = await completeRefund(trx, refundId, {
      providerRefundId: answer.id,
      status: settledStatus(answer.status),
      at: clock.now(),
    });
    if (settled.status !== 'failed') await deps.creditNotes?.issueCreditNoteWithin(trx, settled.id);
    return settled;
  }

  return { refundPayment, askProvider, settleWithin };
}
