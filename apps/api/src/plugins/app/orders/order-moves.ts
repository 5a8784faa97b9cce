/**
 * The one writer of an order's status (docs/decisions/0020): `attempt` checks the lifecycle table
 * (order-lifecycle.ts: 409 naming both statuses, 403 when the move is not this actor's, 400/409 when a
 * requirement is missing), then `UPDATE … WHERE status = from` (a concurrent move makes it match nothing: one
 * winner, one 409), an order_events row, the projects following, and the mail written to the outbox — all in one
 * transaction. Effects leave only after the commit (`afterCommit`: the outbox delivers, and an unpaid order that
 * was canceled has its open payment attempts closed at the provider: ADR 0051).
 */
import type { Transaction, Updateable } from 'kysely';
import { messages } from '@bindery/contracts/messages';
import {
  ORDER_STATUS_DATES,
  isPaidStatus,
  orderStatusLabel,
  transitionRefusedText,
  transitionRule,
  type OrderStatus,
} from '@bindery/contracts/order-lifecycle';
import type { DB, OrdersTable } from '#db/database.js';
import { DomainError } from '#lib/domain-error.js';
import type { OutboxMail } from '../mail/mail-outbox.js';
import { holdReasonTexts, holdTexts } from '@bindery/contracts/store/order-hold';
import { formatCents } from '@bindery/pricing/money';
import { differenceDue } from './order-difference.js';
import { productionAllowedAt } from './order-hold-views.js';
import {
  holdResolvedMail,
  orderCanceledMail,
  orderDeliveredMail,
  orderOnHoldMail,
  orderPaidMail,
  orderShippedMail,
  productionStartedMail,
  type OrderMailFacts,
} from './order-mails.js';
import {
  noteIsInternal,
  orderNotFound,
  type Moved,
  type OrdersDeps,
  type TransitionOptions,
} from './order-types.js';
import { isDigitalItem } from './order-views.js';
import {
  differencePaidCents,
  findCompletedPayment,
  findOrder,
  findOrderItems,
  insertEvent,
  markProjectsOrdered,
  refundedCents,
  releasePayableItems,
  releaseProjects,
  updateStatus,
  type OrderRow,
} from './orders.repository.js';
import { trackingUrlFor } from './tracking.js';

const m = messages.orders;

/** One move or several: a readonly array is not an `Array.isArray` narrowing (TypeScript's lib), hence this. */
const isMovedList = (moved: Moved | readonly Moved[]): moved is readonly Moved[] => Array.isArray(moved);

export type Attempt = { ok: true; moved: Moved } | { ok: false; error: DomainError };

/** The column that records when an order reached each status (the lifecycle's dates; created_at is the insert's). */
const REACHED_AT = ORDER_STATUS_DATES satisfies Record<OrderStatus, keyof OrdersTable>;

export const statusConflict = (message: string) =>
  new DomainError('conflict', message, { code: 'ORDER_STATUS_CONFLICT' });

export type OrderMoves = ReturnType<typeof createOrderMoves>;

export function createOrderMoves(
  deps: Pick<OrdersDeps, 'db' | 'clock' | 'outbox' | 'config' | 'attempts' | 'webhooks' | 'invoicer'>,
) {
  const { db, clock, outbox, config } = deps;

  const notFound = orderNotFound;
  const conflict = statusConflict;
  const missingField = (field: string, message: string) =>
    new DomainError('invalid', message, {
      code: 'VALIDATION_ERROR',
      fields: [{ path: `body.${field}`, message }],
    });

  const mailFacts = (order: OrderRow): OrderMailFacts => ({
    id: order.id,
    orderNumber: order.order_number,
    to: order.customer_email,
    name: order.customer_name,
    orderUrl: `${config.webUrl}/orders/${order.id}`,
    merchant: config.merchant,
  });

  /** The mail a move sends, if any. */
  async function mailFor(
    trx: Transaction<DB>,
    order: OrderRow,
    from: OrderStatus,
    opts: TransitionOptions,
    invoice: { number: string } | undefined,
  ): Promise<OutboxMail | undefined> {
    const facts = mailFacts(order);
    // Back from a hold (docs/decisions/0072): one mail saying the order goes on, whichever status it returns to.
    if (from === 'on_hold' && order.status !== 'canceled') return holdResolvedMail(facts);
    switch (order.status) {
      case 'paid': {
        const items = await findOrderItems(trx, [order.id]);
        return orderPaidMail(
          facts,
          {
            method: order.payment_method ?? 'card',
            items: items.map((i) => ({ ...i, digital: isDigitalItem(i) })),
            amounts: {
              subtotalCents: Number(order.subtotal_cents),
              discountCents: Number(order.discount_cents),
              shippingCents: Number(order.shipping_cents),
              taxCents: Number(order.tax_cents),
              totalCents: Number(order.total_cents),
            },
            invoice,
          },
          `${config.webUrl}/userdashboard`,
        );
      }
      case 'in_production':
        return productionStartedMail(facts);
      case 'on_hold': {
        const reason = holdReasonTexts[order.hold_reason ?? 'other'];
        return orderOnHoldMail(facts, {
          reasonLabel: reason.label,
          message: order.hold_message ?? '',
          todo: reason.todo,
        });
      }
      case 'shipped':
        return orderShippedMail(facts, {
          carrier: order.carrier ?? '',
          trackingNumber: order.tracking_number ?? '',
          trackingUrl: order.tracking_url,
        });
      case 'delivered':
        return orderDeliveredMail(facts);
      case 'canceled':
        // The note goes out only where the customer may read it (the same rule as the timeline).
        return orderCanceledMail(
          facts,
          await refundedCents(trx, order.id),
          noteIsInternal(opts) ? null : opts.note?.trim() || null,
        );
      default:
        return undefined;
    }
  }

  /**
   * One move inside the caller's transaction. Refusals are returned, not thrown, so a caller that must commit
   * anyway (the webhook records its event) can go on; `transitionWithin` throws them.
   */
  async function attempt(
    trx: Transaction<DB>,
    orderId: number,
    to: OrderStatus,
    opts: TransitionOptions,
  ): Promise<Attempt> {
    const fail = (error: DomainError): Attempt => ({ ok: false, error });
    const current = await findOrder(trx, orderId);
    if (!current) return fail(notFound());
    const from = current.status;
    const rule = transitionRule(from, to);
    if (!rule) return fail(conflict(transitionRefusedText(current.order_number, from, to)));
    if (!rule.by.includes(opts.actor.type)) {
      return fail(
        new DomainError('forbidden', m.notYourMove(current.order_number, orderStatusLabel(to).toLowerCase())),
      );
    }

    for (const requirement of rule.requires) {
      if (requirement === 'carrier' && !opts.carrier?.trim())
        return fail(missingField('carrier', m.carrierRequired));
      if (requirement === 'tracking_number' && !opts.trackingNumber?.trim()) {
        return fail(missingField('tracking_number', m.trackingNumberRequired));
      }
      if (requirement === 'payment' && !(await findCompletedPayment(trx, orderId))) {
        return fail(conflict(m.paymentRequired(current.order_number)));
      }
      if (requirement === 'digital') {
        const items = await findOrderItems(trx, [orderId]);
        if (items.length === 0 || !items.every(isDigitalItem))
          return fail(conflict(m.notAllDigital(current.order_number)));
      }
      // The cancel window (docs/decisions/0072): production waits for it; the customer cancels only within it.
      if (requirement === 'production_delay' || requirement === 'cancel_window') {
        const end = productionAllowedAt(current, config.productionDelayMs);
        const within = end !== null && clock.now() < end;
        if (requirement === 'production_delay' && end !== null && within) {
          return fail(
            new DomainError('conflict', holdTexts.productionNotYet(current.order_number, end.toISOString()), {
              code: 'PRODUCTION_DELAY',
            }),
          );
        }
        if (requirement === 'cancel_window' && opts.actor.type === 'customer' && !within) {
          return fail(
            new DomainError('conflict', holdTexts.cancelWindowClosed(current.order_number), {
              code: 'ORDER_CANCEL_WINDOW_CLOSED',
            }),
          );
        }
      }
      if (requirement === 'hold_reason') {
        if (!opts.holdReason) return fail(missingField('hold_reason', holdTexts.reasonRequired));
        if (!opts.note?.trim()) return fail(missingField('note', holdTexts.messageRequired));
      }
      if (requirement === 'held_from' && current.held_from !== to) {
        const back = orderStatusLabel(current.held_from ?? 'paid').toLowerCase();
        return fail(conflict(holdTexts.heldFrom(current.order_number, back)));
      }
      // A higher price difference is paid before the hold is released (docs/decisions/0077).
      if (requirement === 'held_from' && differenceDue(current) > 0) {
        return fail(
          new DomainError(
            'conflict',
            holdTexts.differenceUnpaid(current.order_number, formatCents(differenceDue(current))),
            { code: 'HOLD_DIFFERENCE_UNPAID' },
          ),
        );
      }
      if (requirement === 'full_refund' || requirement === 'refund') {
        const refunded = await refundedCents(trx, orderId);
        // A hold's paid difference is the order's money too (docs/decisions/0077).
        const paid =
          current.paid_at === null ? 0 : Number(current.total_cents) + (await differencePaidCents(trx, orderId));
        if (requirement === 'full_refund' && refunded < paid) {
          return fail(conflict(m.refundRequired(current.order_number, orderStatusLabel(from).toLowerCase())));
        }
        if (requirement === 'refund' && refunded === 0)
          return fail(conflict(m.someRefundRequired(current.order_number)));
      }
    }

    const now = clock.now();
    const changes: Updateable<OrdersTable> = { updated_at: now };
    // Back from a hold the order keeps the dates it had (paid_at is the payment's moment).
    if (from !== 'on_hold') changes[REACHED_AT[to]] = now;
    if (to === 'on_hold') {
      changes.held_from = from === 'in_production' ? 'in_production' : 'paid';
      changes.hold_reason = opts.holdReason ?? 'other';
      changes.hold_message = opts.note?.trim() ?? '';
      changes.hold_difference_cents = null;
      changes.hold_difference_paid_cents = null;
      changes.hold_difference_note = null;
      changes.hold_reminded_customer_at = null;
      changes.hold_reminded_staff_at = null;
    }
    // Only the payment's move sets the method: a release from a hold back to paid keeps it (ADR 0077 found it wiped).
    if (to === 'paid' && from === 'awaiting_payment') changes.payment_method = opts.paymentMethod ?? null;
    if (to === 'shipped') {
      const carrier = (opts.carrier ?? '').trim();
      const trackingNumber = (opts.trackingNumber ?? '').trim();
      changes.carrier = carrier;
      changes.tracking_number = trackingNumber;
      changes.tracking_url = opts.trackingUrl ?? trackingUrlFor(carrier, trackingNumber);
    }
    const order = await updateStatus(trx, orderId, from, to, changes);
    if (!order) {
      // Another move of this order committed while this one waited for the row: say where it is now.
      const latest = await findOrder(trx, orderId);
      return fail(conflict(transitionRefusedText(current.order_number, latest?.status ?? from, to)));
    }

    await insertEvent(trx, {
      order_id: orderId,
      from_status: from,
      to_status: to,
      actor_type: opts.actor.type,
      actor_user_id: opts.actor.userId,
      actor_label: opts.actor.label,
      note:
        to === 'on_hold'
          ? holdTexts.held(holdReasonTexts[opts.holdReason ?? 'other'].label, opts.note?.trim() ?? '')
          : opts.note?.trim() || null,
      // The hold's message is for the customer: it is on their timeline as in their mail.
      internal: to === 'on_hold' ? false : noteIsInternal(opts),
      created_at: now,
    });
    // No longer payable: the projects may be in another payable order now (ADR 0051).
    if (from === 'awaiting_payment') await releasePayableItems(trx, orderId);
    // The books follow their order: ordered once paid, drafts again when a paid order is canceled.
    if (to === 'paid') await markProjectsOrdered(trx, orderId, now);
    if (to === 'canceled' && isPaidStatus(from)) await releaseProjects(trx, orderId, now);
    // The payment's move issues the invoice, last (its number is held until the commit; ADR 0075).
    const invoice =
      from === 'awaiting_payment' && to === 'paid' && deps.invoicer
        ? await deps.invoicer.issueInvoiceWithin(trx, orderId)
        : undefined;

    const mailIds: number[] = [];
    const mail = opts.notify === false ? undefined : await mailFor(trx, order, from, opts, invoice);
    if (mail) {
      const id = await outbox.enqueue(trx, mail);
      if (id !== undefined) mailIds.push(id);
    }
    // The customer's webhooks hear of it in this same transaction: rows only, sent after the commit (ADR 0076).
    const webhookIds = deps.webhooks
      ? await deps.webhooks.enqueueWithin(trx, {
          id: order.id,
          userId: order.user_id,
          orderNumber: order.order_number,
          status: order.status,
          previousStatus: from,
          carrier: order.carrier,
          trackingNumber: order.tracking_number,
          trackingUrl: order.tracking_url,
          holdReason: order.hold_reason,
          holdMessage: order.hold_message,
        })
      : [];
    return { ok: true, moved: { order, from, mailIds, webhookIds } };
  }

  /**
   * Effects of committed moves: their mails leave now (in the background), and the unpaid orders that were
   * canceled have their open payment attempts closed at the provider before this resolves (never rejects).
   */
  async function afterCommit(moved: Moved | readonly Moved[]): Promise<void> {
    const all: readonly Moved[] = isMovedList(moved) ? moved : [moved];
    outbox.deliver(all.flatMap((m) => m.mailIds));
    deps.webhooks?.deliver(all.flatMap((m) => m.webhookIds ?? []));
    const unpayable = all
      .filter((m) => m.from === 'awaiting_payment' && m.order.status === 'canceled')
      .map((m) => m.order.id);
    if (unpayable.length > 0 && deps.attempts) await deps.attempts.closeAttempts(unpayable);
  }

  /** A move inside the caller's transaction; the caller calls `afterCommit` once it committed. */
  async function transitionWithin(
    trx: Transaction<DB>,
    orderId: number,
    to: OrderStatus,
    opts: TransitionOptions,
  ): Promise<Moved> {
    const result = await attempt(trx, orderId, to, opts);
    if (!result.ok) throw result.error;
    return result.moved;
  }

  /** A move in its own transaction, effects after the commit. */
  async function transition(orderId: number, to: OrderStatus, opts: TransitionOptions): Promise<Moved> {
    const moved = await db.transaction().execute((trx) => transitionWithin(trx, orderId, to, opts));
    await afterCommit(moved);
    return moved;
  }
  return { mailFacts, attempt, afterCommit, transitionWithin, transition };
}
