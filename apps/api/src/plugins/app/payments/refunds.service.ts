/**
 * Refunds (docs/decisions/0022): money given back through the provider that took it (Stripe Refunds on the
 * PaymentIntent, PayPal capture refund), recorded with the provider's refund id.
 *
 * `createRefunds({ db, clock, gateways, orders, outbox, log, config })` returns plain functions:
 * - `refundOrder`: the admin's refund (POST api/admin/orders/{id}/refund/): all that is left by default, or a
 *   part; a full refund of an order not yet shipped cancels it through the orders module;
 * - `refundRemaining`: the orders module's OrderRefunder (a staff cancel after payment refunds what is left first);
 * - `refundDuplicate`: money that arrived for an order that no longer awaited it, refunded in full automatically;
 * - `retryPending` / `refundDuplicatesDue`: the reconciliation job's share (refunds whose answer was lost,
 *   duplicates whose automatic refund failed).
 *
 * One refund, whoever asks: in one transaction the payment row is locked, what is left is checked (pending
 * refunds count as spent) and a `pending` refund row is written with a new idempotency key; then the provider is
 * asked with that key. Its answer completes the row; a refusal removes it (nothing recorded, 502 with the
 * provider's own message); no answer keeps it pending, and `retryPending` asks again with the SAME key, so the
 * provider either replays the refund it made or makes it now: never twice. The transaction that records the
 * provider's acceptance also issues the refund's credit note (the invoices module's `creditNotes`, ADR 0075).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AdminOrderDetail, Refund } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { isCancelableWithRefund } from '@bindery/contracts/order-lifecycle';
import { formatCents } from '@bindery/pricing/money';
import type { DB } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import { DomainError } from '#lib/domain-error.js';
import type { MailOutbox } from '../mail/mail-outbox.js';
import { orderRefundedMail } from '../orders/order-mails.js';
import type { OrderWebhooks } from '../orders/order-types.js';
import { toRefund } from '../orders/order-views.js';
import { systemActor, type OrderActorInput, type OrdersModule } from '../orders/orders.service.js';
import { ProviderError, type PaymentGateways, type ProviderRefund } from './payment-gateways.js';
import { findOrderPayments, findUnrefundedDuplicates } from './payments.repository.js';
import {
  completeRefund,
  deleteRefund,
  findPendingRefunds,
  insertRefund,
  lockPayment,
  reservedCents,
  touchRefund,
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

/** A refund the provider has not confirmed is retried after this long. */
export const PENDING_RETRY_AFTER_MS = 2 * 60 * 1000;

/** What the provider calls a finished refund; anything else stays pending on our side. */
/** The timeline's words for a refund: how much, how, whether it is still pending, and why. */
export function refundNote(refund: Pick<RefundRow, 'amount_cents' | 'provider' | 'status'>, reason: string): string {
  const how = refund.provider === 'stripe' ? 'card' : 'PayPal';
  const pending = refund.status === 'pending' ? ', pending at the provider' : '';
  return `Refunded $${formatCents(Number(refund.amount_cents))} (${how}${pending}): ${reason}`;
}

const settledStatus = (status: string): RefundRow['status'] => {
  const s = status.toLowerCase();
  if (s === 'succeeded' || s === 'completed') return 'succeeded';
  if (s === 'failed' || s === 'canceled' || s === 'cancelled') return 'failed';
  return 'pending';
};

/** The provider looked at the request and said no (4xx): nothing was refunded. Otherwise the outcome is unknown. */
const refused = (error: ProviderError) => error.statusCode !== undefined && error.statusCode < 500;

export type RefundsModule = ReturnType<typeof createRefunds>;

export function createRefunds(deps: RefundsDeps) {
  const { db, clock, gateways, outbox, log, config } = deps;

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
    let webhookIds: number[] = [];
    const done = await db.transaction().execute(async (trx) => {
      const settled = await recordAnswerWithin(trx, refund.id, answer);
      const order = await deps.orders().rowWithin(trx, settled.order_id);
      if (order) {
        await deps.orders().recordNoteWithin(trx, order, {
          actor: args.actor,
          note: refundNote(settled, args.reason),
          // Staff's refunds are the customer's to read; the system's (money that arrived twice or late, refunded
          // automatically) are for staff, the customer has the mail.
          internal: args.actor.type === 'system',
        });
        if (settled.status !== 'failed' && deps.webhooks) {
          webhookIds = await deps.webhooks.enqueueWithin(trx, {
            id: order.id,
            userId: order.user_id,
            orderNumber: order.order_number,
            status: order.status,
            previousStatus: order.status,
            refunded: formatCents(Number(settled.amount_cents)),
          });
        }
      }
      return settled;
    });
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

  /** What is left to refund of each payment (pending refunds count as spent). */
  async function leftOf(payments: readonly { id: number; amount_cents: string | number }[]) {
    const lefts: number[] = [];
    for (const p of payments) lefts.push(Number(p.amount_cents) - (await reservedCents(db, p.id)));
    return lefts;
  }

  /** Tells the customer about money given back that did not cancel the order (that mail says it). */
  async function mailRefund(refund: RefundRow, reason: string | null): Promise<void> {
    const order = await deps.orders().row(refund.order_id);
    if (!order) return;
    const id = await outbox.enqueue(
      db,
      orderRefundedMail(
        {
          id: order.id,
          orderNumber: order.order_number,
          to: order.customer_email,
          name: order.customer_name,
          orderUrl: `${config.webUrl}/orders/${order.id}`,
          merchant: config.merchant,
        },
        { id: refund.id, amountCents: Number(refund.amount_cents), reason },
      ),
    );
    if (id !== undefined) outbox.deliver([id]);
  }

  /**
   * POST api/admin/orders/{id}/refund/: a refund of the order's payment. A refund that leaves nothing of an order
   * not yet shipped (paid, in production) cancels it, by the same actor; otherwise the customer gets a refund mail.
   */
  async function refundOrder(
    orderId: number,
    args: RefundArgs,
  ): Promise<{ refund: Refund; order: AdminOrderDetail }> {
    const order = await deps.orders().row(orderId);
    if (!order) throw notFound();
    // The order's payment and its holds' paid differences (ADR 0077): all of them are the order's money.
    const payments = await findOrderPayments(db, orderId);
    const first = payments[0];
    if (!first) {
      throw new DomainError('conflict', m.nothingToRefund(order.order_number), { code: 'NOTHING_TO_REFUND' });
    }
    const lefts = await leftOf(payments);
    let refund: RefundRow | undefined;
    if (args.amountCents === undefined) {
      // Everything left: each payment's remainder back through its own provider.
      for (const [i, payment] of payments.entries()) {
        if ((lefts[i] ?? 0) > 0) refund = await refundPayment(payment.id, args);
      }
    } else {
      const amount = args.amountCents;
      const index = lefts.findIndex((left) => left >= amount);
      refund = await refundPayment((payments[index] ?? first).id, args);
    }
    // Nothing left anywhere: the first payment's own refusal says so.
    refund ??= await refundPayment(first.id, args);
    const leftAfter = (await leftOf(payments)).reduce((sum, left) => sum + left, 0);
    let canceled = false;
    if (leftAfter === 0 && refund.status === 'succeeded') {
      const now = await deps.orders().row(orderId);
      if (now && isCancelableWithRefund(now.status)) {
        try {
          await deps.orders().transition(orderId, 'canceled', { actor: args.actor, note: args.reason });
          canceled = true;
        } catch (error) {
          // Moved meanwhile (shipped by someone else): the money is back all the same; staff see both.
          if (!(error instanceof DomainError)) throw error;
          log.warn({ orderId, err: error }, 'refunded in full, but the order could not be canceled');
        }
      }
    }
    if (!canceled) await mailRefund(refund, null);
    return { refund: toRefund(refund), order: await deps.orders().adminDetail(orderId) };
  }

  /**
   * The orders module's refunder: before a staff cancel after payment, give back what is left of the order's
   * payment. Does not move the order (the caller cancels it through the table).
   */
  async function refundRemaining(orderId: number, args: Omit<RefundArgs, 'amountCents'>): Promise<void> {
    // The order's payment and its holds' paid differences (ADR 0077).
    const payments = await findOrderPayments(db, orderId);
    const lefts = await leftOf(payments);
    for (const [i, payment] of payments.entries()) {
      if ((lefts[i] ?? 0) <= 0) continue;
      const refund = await refundPayment(payment.id, args);
      if (refund.status !== 'succeeded') {
        // Accepted by the provider but not final (e.g. a pending card refund): the cancel must wait for it.
        throw new DomainError('upstream', m.refundNotFinal, { code: 'REFUND_NOT_CONFIRMED' });
      }
    }
  }

  /**
   * Money that arrived for an order that no longer awaited it (paid the other way, canceled, expired): refunded
   * in full, automatically, recorded as a refund by the system with an internal event on the order's timeline and
   * a mail to the customer. Never throws: a failure is logged and the reconciliation job tries again.
   */
  async function refundDuplicate(paymentId: number): Promise<RefundRow | undefined> {
    const payment = await db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirst();
    const order = payment ? await deps.orders().row(payment.order_id) : undefined;
    if (!payment || !order) return undefined;
    const reason = order.paid_at !== null ? m.duplicatePaidTwice : m.duplicateAfterCancel;
    log.error(
      { orderId: order.id, paymentId, provider: payment.provider, cents: Number(payment.amount_cents) },
      'money arrived for an order that no longer awaited payment: refunding it automatically',
    );
    try {
      // Its event on the timeline is written with the refund (refundPayment).
      const refund = await refundPayment(paymentId, { reason, actor: systemActor });
      await mailRefund(refund, reason);
      return refund;
    } catch (error) {
      if (error instanceof DomainError && error.details.code === 'REFUND_TOO_LARGE') return undefined;
      log.error(
        { err: error, orderId: order.id, paymentId },
        'automatic refund failed; retried by reconciliation',
      );
      return undefined;
    }
  }

  /** Refunds whose provider answer never came: asked again with the same key (never refunds twice). */
  async function retryPending(now: Date, limit = 50): Promise<{ confirmed: number; dropped: number }> {
    let confirmed = 0;
    let dropped = 0;
    for (const refund of await findPendingRefunds(
      db,
      new Date(now.getTime() - PENDING_RETRY_AFTER_MS),
      limit,
    )) {
      // A refund the provider accepted as pending has its id: only a lost answer is asked again.
      if (refund.provider_refund_id !== null || !refund.idempotency_key) continue;
      const payment = await db
        .selectFrom('payments')
        .select(['charge_ref'])
        .where('id', '=', refund.payment_id)
        .executeTakeFirst();
      const order = await deps.orders().row(refund.order_id);
      if (!payment?.charge_ref || !order) continue;
      try {
        const answer = await askProvider(refund, payment.charge_ref, order.currency);
        await db.transaction().execute((trx) => recordAnswerWithin(trx, refund.id, answer));
        confirmed += 1;
      } catch (error) {
        if (error instanceof ProviderError && refused(error)) {
          await deleteRefund(db, refund.id);
          dropped += 1;
          log.warn({ err: error, refundId: refund.id }, 'a pending refund was refused on retry; removed');
        } else {
          await touchRefund(db, refund.id, clock.now());
          log.warn({ err: error, refundId: refund.id }, 'a pending refund is still not confirmed');
        }
      }
    }
    return { confirmed, dropped };
  }

  /** Duplicates whose automatic refund failed before (provider down): tried again. */
  async function refundDuplicatesDue(limit = 20): Promise<number> {
    let refunded = 0;
    for (const payment of await findUnrefundedDuplicates(db, limit)) {
      if (await refundDuplicate(payment.id)) refunded += 1;
    }
    return refunded;
  }

  return { refundOrder, refundRemaining, refundDuplicate, retryPending, refundDuplicatesDue };
}
