/**
 * Refunds (docs/decisions/0022): money given back through the provider that took it, one payment at a time by
 * `refundPayment` (refund-payment.ts: one key per refund, never twice).
 *
 * `createRefunds({ db, clock, gateways, orders, outbox, log, config })` returns plain functions:
 * - `refundOrder`: the admin's refund (POST api/admin/orders/{id}/refund/): all that is left by default, or a
 *   part; a full refund of an order not yet shipped cancels it through the orders module;
 * - `refundRemaining`: the orders module's OrderRefunder (a staff cancel after payment refunds what is left first);
 * - `refundDuplicate`: money that arrived for an order that no longer awaited it, refunded in full automatically;
 * - `retryPending` / `refundDuplicatesDue`: the reconciliation job's share (refunds whose answer was lost,
 *   duplicates whose automatic refund failed).
 */
import type { AdminOrderDetail, Refund } from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { isCancelableWithRefund } from '@bindery/contracts/order-lifecycle';
import { DomainError } from '#lib/domain-error.js';
import { orderRefundedMail } from '../orders/order-mails.js';
import { toRefund } from '../orders/order-views.js';
import { systemActor } from '../orders/orders.service.js';
import { ProviderError } from './payment-gateways.js';
import { findOrderPayments, findUnrefundedDuplicates } from './payments.repository.js';
import { createRefundPayment, refused, type RefundArgs, type RefundsDeps } from './refund-payment.js';
import {
  deleteRefund,
  findPendingRefunds,
  reservedCents,
  touchRefund,
  type RefundRow,
} from './refunds.repository.js';

export type { RefundArgs, RefundsDeps } from './refund-payment.js';

const m = messages.money;

/** A refund the provider has not confirmed is retried after this long. */
export const PENDING_RETRY_AFTER_MS = 2 * 60 * 1000;

export type RefundsModule = ReturnType<typeof createRefunds>;

export function createRefunds(deps: RefundsDeps) {
  const { db, clock, outbox, log, config } = deps;
  const { refundPayment, askProvider, settleWithin } = createRefundPayment(deps);

  const notFound = () => new DomainError('not_found', messages.checkout.orderNotFound);

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
        // Settled as the first answer would have been: its timeline event by whoever asked, its webhook.
        const actor = { type: refund.actor_type, userId: refund.actor_user_id, label: refund.actor_label };
        const { webhookIds } = await db
          .transaction()
          .execute((trx) => settleWithin(trx, refund.id, answer, actor, refund.reason));
        deps.webhooks?.deliver(webhookIds);
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
