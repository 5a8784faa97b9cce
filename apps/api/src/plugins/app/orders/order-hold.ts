/**
 * On hold and the cancel window, the customer's side and the reminders (docs/decisions/0072):
 * - `replaceFile`: a new interior and/or cover for a book of the customer's order on hold, preflighted by the
 *   projects module as upload-book preflights and kept only when it passes, in one transaction with the order
 *   locked first; a new page count's price difference is added to the hold (more to pay, or refunded at once);
 * - `cancelMine`: within the cancel window, the customer cancels a paid order, refunded in full first;
 * - `changeAddress`: within the same window, another street, city or ZIP in the same state and country;
 * - `remindHeld`: the `orders.hold-reminders` job: a hold older than HOLD_REMINDER_HOURS reminds the customer,
 *   twice that old staff; each reminder once per hold, bounded batches.
 * Every step is an order event on the timeline.
 */
import { messages } from '@bindery/contracts/messages';
import { transitionRefusedText } from '@bindery/contracts/order-lifecycle';
import type { Order } from '@bindery/contracts/store/checkout';
import type { ChangeAddressBody, ReplaceFileBody } from '@bindery/contracts/store/order-changes';
import { holdReasonTexts, holdTexts } from '@bindery/contracts/store/order-hold';
import { formatCents } from '@bindery/pricing/money';
import type { z } from 'zod';
import { DomainError } from '#lib/domain-error.js';
import { productionAllowedAt } from './order-hold-views.js';
import {
  addHoldDifference,
  heldOrdersDue,
  lockUserOrder,
  markReminded,
  updatePaidAddress,
} from './order-hold.repository.js';
import { orderOnHoldMail, staffHoldReminderMail } from './order-mails.js';
import { statusConflict, type OrderMoves } from './order-moves.js';
import { orderNotFound, systemActor, type OrderActorInput, type OrdersDeps } from './order-types.js';
import { createOrderFacts } from './order-facts.js';
import { findOrder, findOrderItems, findUserOrder, type OrderRow } from './orders.repository.js';

/** Per run of the reminder job: bounded work, the rest next period. */
const REMINDER_BATCH = 20;

type Customer = { id: number; name: string };
const customerActor = (user: Customer): OrderActorInput => ({
  type: 'customer',
  userId: user.id,
  label: user.name,
});

export function createOrderHold(
  deps: Pick<OrdersDeps, 'db' | 'clock' | 'outbox' | 'config' | 'refunder' | 'files'>,
  moves: OrderMoves,
  orderOf: (row: OrderRow) => Promise<Order>,
) {
  const { db, clock, outbox, config } = deps;
  const { recordNoteWithin } = createOrderFacts({ db, clock });

  async function current(orderId: number): Promise<Order> {
    const row = await findOrder(db, orderId);
    if (!row) throw orderNotFound();
    return orderOf(row);
  }

  /** Within the cancel window: paid, and the production delay not passed (else a 409 that says to ask). */
  function checkWindow(row: OrderRow): void {
    if (row.status !== 'paid')
      throw statusConflict(transitionRefusedText(row.order_number, row.status, 'canceled'));
    const end = productionAllowedAt(row, config.productionDelayMs);
    if (end === null || clock.now() >= end) {
      throw new DomainError('conflict', holdTexts.cancelWindowClosed(row.order_number), {
        code: 'ORDER_CANCEL_WINDOW_CLOSED',
      });
    }
  }

  /** POST api/orders/{id}/replace-file/. */
  async function replaceFile(
    user: Customer,
    orderId: number,
    body: z.output<typeof ReplaceFileBody>,
  ): Promise<Order> {
    const files = deps.files;
    if (!files) throw new DomainError('unavailable', messages.generic.serverError);
    if (!body.pdf_upload_id && !body.cover_upload_id) {
      throw new DomainError('invalid', holdTexts.replaceNothing, {
        code: 'VALIDATION_ERROR',
        fields: [{ path: 'body.pdf_upload_id', message: holdTexts.replaceNothing }],
      });
    }
    // Read before the transaction: nothing inside it takes another handle (ADR 0050).
    const list = await files.priceList();
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await lockUserOrder(trx, user.id, orderId);
      if (!row) throw orderNotFound();
      if (row.status !== 'on_hold') {
        throw new DomainError('conflict', holdTexts.notOnHold(row.order_number), {
          code: 'ORDER_NOT_ON_HOLD',
        });
      }
      const items = await findOrderItems(trx, [orderId]);
      if (!items.some((i) => i.project_id === body.project_id)) {
        const message = messages.orders.reorderItemNotInOrder;
        throw new DomainError('invalid', message, { fields: [{ path: 'body.project_id', message }] });
      }
      const replaced = await files.replaceFilesWithin(trx, list, {
        userId: user.id,
        projectId: body.project_id,
        pdfUploadId: body.pdf_upload_id,
        coverUploadId: body.cover_upload_id,
        acknowledged: body.preflight_acknowledged,
      });
      // The book's line at the new page count, with the order's tax rate on the difference.
      const line = replaced.newPages === replaced.oldPages ? 0 : replaced.lineDeltaCents;
      const difference = line + Math.round((line * row.tax_rate_bp) / 10_000);
      const now = clock.now();
      const notes = [holdTexts.replaced(replaced.title, replaced.what, replaced.newPages)];
      if (difference > 0) notes.push(holdTexts.priceHigher(formatCents(difference)));
      if (difference < 0) notes.push(holdTexts.priceLower(formatCents(-difference)));
      const what =
        difference > 0 ? holdTexts.differenceWhat(replaced.title, replaced.oldPages, replaced.newPages) : undefined;
      if (difference !== 0) await addHoldDifference(trx, orderId, difference, now, what);
      await recordNoteWithin(trx, row, {
        actor: customerActor(user),
        note: notes.join(' '),
        internal: false,
      });
      return { keys: replaced.replacedKeys, difference };
    });
    await files.removeReplaced(outcome.keys);
    if (outcome.difference < 0 && deps.refunder) {
      try {
        await deps.refunder.refundPart(orderId, {
          amountCents: -outcome.difference,
          reason: holdTexts.differenceRefundReason,
          actor: systemActor,
        });
      } catch (error) {
        // The file is kept; staff see the difference and refund it by hand (the timeline says why).
        if (!(error instanceof DomainError)) throw error;
        const row = await findOrder(db, orderId);
        if (row) {
          const note = `${holdTexts.differenceRefundReason}: the automatic refund failed (${error.message}).`;
          await recordNoteWithin(db, row, { actor: systemActor, note, internal: true });
        }
      }
    }
    return current(orderId);
  }

  /** POST api/orders/{id}/cancel/: refunded in full, then canceled through the table (its cancel_window). */
  async function cancelMine(user: Customer, orderId: number): Promise<Order> {
    const row = await findUserOrder(db, user.id, orderId);
    if (!row) throw orderNotFound();
    checkWindow(row);
    const actor = customerActor(user);
    if (deps.refunder)
      await deps.refunder.refundRemaining(orderId, { reason: holdTexts.refundReason, actor });
    await moves.transition(orderId, 'canceled', {
      actor,
      note: holdTexts.canceledByCustomer,
      internal: false,
    });
    return current(orderId);
  }

  /** PUT api/orders/{id}/address/: same state and country (the rates and tax were computed for them). */
  async function changeAddress(
    user: Customer,
    orderId: number,
    body: z.output<typeof ChangeAddressBody>,
  ): Promise<Order> {
    const row = await findUserOrder(db, user.id, orderId);
    if (!row) throw orderNotFound();
    checkWindow(row);
    const old = row.address;
    if (old.country !== body.address.country || old.state !== body.address.state) {
      throw new DomainError('conflict', holdTexts.addressOtherState, { code: 'ADDRESS_OTHER_STATE' });
    }
    const address = {
      ...old,
      ...body.address,
      account_type: old.account_type,
      has_resale_cert: old.has_resale_cert,
    };
    await db.transaction().execute(async (trx) => {
      const now = clock.now();
      if (!(await updatePaidAddress(trx, orderId, JSON.stringify(address), now))) {
        throw new DomainError('conflict', holdTexts.cancelWindowClosed(row.order_number), {
          code: 'ORDER_CANCEL_WINDOW_CLOSED',
        });
      }
      await recordNoteWithin(trx, row, {
        actor: customerActor(user),
        note: holdTexts.addressChanged,
        internal: false,
      });
    });
    return current(orderId);
  }

  /** The reminder job: customers first (after HOLD_REMINDER_HOURS), then staff (after twice that). */
  async function remindHeld(now: Date): Promise<Record<string, number>> {
    const mailIds: number[] = [];
    const counts = { customer: 0, staff: 0 };
    for (const who of ['customer', 'staff'] as const) {
      const age = who === 'customer' ? config.holdReminderMs : 2 * config.holdReminderMs;
      const due = await heldOrdersDue(db, who, new Date(now.getTime() - age), REMINDER_BATCH);
      for (const order of due) {
        await db.transaction().execute(async (trx) => {
          if (!(await markReminded(trx, order, who, now))) return;
          counts[who] += 1;
          await recordNoteWithin(trx, order, {
            actor: systemActor,
            note: who === 'customer' ? holdTexts.reminder : holdTexts.staffReminder,
            internal: who === 'staff',
          });
          const heldSince = order.on_hold_at ?? now;
          const facts = moves.mailFacts(order);
          const reason = holdReasonTexts[order.hold_reason ?? 'other'];
          const mail =
            who === 'customer'
              ? {
                  ...orderOnHoldMail(facts, {
                    reasonLabel: reason.label,
                    message: order.hold_message ?? '',
                    todo: reason.todo,
                    reminder: true,
                  }),
                  dedupeKey: `order-${order.id}-hold-reminder-${new Date(heldSince).getTime()}`,
                }
              : config.staffEmail
                ? staffHoldReminderMail(facts, {
                    to: config.staffEmail,
                    adminUrl: `${config.adminUrl ?? config.webUrl}/orders/${order.id}`,
                    heldSince: new Date(heldSince),
                  })
                : undefined;
          const id = mail ? await outbox.enqueue(trx, mail) : undefined;
          if (id !== undefined) mailIds.push(id);
        });
      }
    }
    outbox.deliver(mailIds);
    return counts;
  }

  return { replaceFile, cancelMine, changeAddress, remindHeld };
}
