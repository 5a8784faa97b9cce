/**
 * The orders module (docs/decisions/0020): the one place that writes an order's status.
 *
 * `createOrders({ db, clock, outbox, config, refunder?, attempts?, copyProjects? })` returns plain functions:
 * - writes: `placeWithin` (checkout creates an order in its transaction), `payWithin` (the payment code, in the
 *   transaction that completes the payment), `transition` / `transitionWithin` (any move of the lifecycle table),
 *   `changeStatus` (staff, from the admin console), `cancelUnpaidWithin` (a customer's edit or delete);
 * - reads: the customer's orders (page, one, lookup by number, overview), the admin's list and detail;
 * - for other modules (order-facts.ts, ADR 0056): the stored order and its items (`row`, `customerRow`,
 *   `itemRows`, and `…Within` in the caller's transaction) and `recordNote` on the timeline;
 * - `reorder`: a paid order's books as new draft projects on the same files;
 * - `expireDue`: the expiry job's run (unpaid-expiry.ts).
 *
 * Every move: the table is checked (order-lifecycle.ts: 409 naming both statuses, 403 when the move is not this
 * actor's, 400/409 when a requirement is missing), then `UPDATE … WHERE status = from` (a concurrent move makes
 * it match nothing: one winner, one 409), an order_events row, the projects following, and the mail written to
 * the outbox — all in one transaction. Effects leave only after the commit (`afterCommit`: the outbox delivers,
 * and an unpaid order that was canceled has its open payment attempts closed at the provider: ADR 0051).
 * The module never imports Fastify; it refuses with DomainError.
 */
import type { Kysely, Transaction, Updateable } from 'kysely';
import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderListResponse,
  ChangeStatusBody,
} from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import {
  ORDER_STATUS_DATES,
  isPaidStatus,
  orderStatusLabel,
  transitionRefusedText,
  transitionRule,
  type OrderActorType,
  type OrderStatus,
} from '@bindery/contracts/order-lifecycle';
import type { Order } from '@bindery/contracts/store/checkout';
import {
  OVERVIEW_UNPAID_LIMIT,
  type CustomerOverviewResponse,
  type MyOrdersResponse,
  type ReorderBody,
  type ReorderResponse,
} from '@bindery/contracts/store/orders';
import type { Project } from '@bindery/contracts/store/projects';
import type { z } from 'zod';
import type { DB, OrdersTable } from '#db/database.js';
import type { Clock } from '#lib/clock.js';
import type { CountCache } from '#db/count-cache.js';
import { DomainError } from '#lib/domain-error.js';
import { TimeIdCursor, decodeCursor, toPage } from '#lib/keyset.js';
import type { MailOutbox, OutboxMail } from '../mail/mail-outbox.js';
import {
  orderCanceledMail,
  orderDeliveredMail,
  orderPaidMail,
  orderShippedMail,
  type OrderMailFacts,
} from './order-mails.js';
import { createOrderFacts } from './order-facts.js';
import {
  isDigitalItem,
  toAdminDetail,
  toAdminRow,
  toCustomerOverview,
  toOrder,
  toOrderSummary,
} from './order-views.js';
import {
  countAdminOrders,
  countUserOrders,
  findCompletedPayment,
  findEvents,
  findItemsWithProjects,
  findOrder,
  findOrderItems,
  findPayments,
  findRefunds,
  findUserOrder,
  insertEvent,
  insertOrder,
  isAccountDeleted,
  releasePayableItems,
  listAdminOrders,
  listUserOrders,
  markProjectsOrdered,
  orderIdOfNumber,
  refundedCents,
  releaseProjects,
  updateStatus,
  userOverview,
  type NewOrder,
  type NewOrderItem,
  type OrderItemRow,
  type OrderRow,
} from './orders.repository.js';
import { trackingUrlFor } from './tracking.js';
import { expireUnpaid, type CloseOrderAttempts } from './unpaid-expiry.js';

export type { NewOrderItem, OrderItemRow, OrderNote, OrderRow } from './order-facts.js';

const m = messages.orders;

/** Who makes a move: the system, a staff member or the customer (`label` is what the staff timeline shows). */
export interface OrderActorInput {
  type: OrderActorType;
  userId: number | null;
  label: string;
}

export const systemActor: OrderActorInput = { type: 'system', userId: null, label: m.systemActor };

export interface TransitionOptions {
  actor: OrderActorInput;
  note?: string | null;
  /** Staff notes are internal unless said otherwise; the customer's timeline shows only shared notes. */
  internal?: boolean;
  carrier?: string;
  trackingNumber?: string;
  /** Absent: the carrier's public tracking page where we know it (DHL, FedEx). */
  trackingUrl?: string | null;
  /** The method that paid (the move to paid). */
  paymentMethod?: 'card' | 'paypal';
  /** false: no mail (a customer canceling their own unpaid order by deleting or editing a book). */
  notify?: boolean;
}

/** A committed move and the effects still to run after the commit. */
/** One move or several: a readonly array is not an `Array.isArray` narrowing (TypeScript's lib), hence this. */
const isMovedList = (moved: Moved | readonly Moved[]): moved is readonly Moved[] => Array.isArray(moved);

export interface Moved {
  order: OrderRow;
  from: OrderStatus;
  mailIds: number[];
}

type Attempt = { ok: true; moved: Moved } | { ok: false; error: DomainError };

/**
 * Gives money back before a cancel after payment (docs/decisions/0022, built by the refunds work). It refunds
 * what has not been refunded yet of the order's payment through the provider that took it and records the refund
 * (status succeeded) — and does NOT change the order's status: the caller then cancels through the table. It
 * throws a DomainError (e.g. upstream 502 with the provider's message) when the provider refuses.
 */
export interface OrderRefunder {
  refundRemaining(orderId: number, args: { reason: string; actor: OrderActorInput }): Promise<void>;
}

/**
 * Closes what was opened at the providers for orders that can no longer be paid (the payments module, ADR 0051):
 * each open attempt is asked about, then closed (the Stripe Checkout Session expired, the PayPal order never
 * captured); money found there is refunded as a duplicate. Never throws: what it cannot close now (a provider that
 * does not answer) the reconciliation job closes later.
 */
export interface OrderAttemptsCloser {
  closeAttempts(orderIds: readonly number[]): Promise<void>;
  /** The expiry's: one order's open attempts asked about and closed, their outcomes (it may throw). */
  closeOrderAttempts: CloseOrderAttempts;
}

/** Makes new draft projects of the caller's, on the same files, priced now (projects module). */
export type ProjectCopier = (
  userId: number,
  items: readonly { projectId: number; quantity: number }[],
) => Promise<Project[]>;

export interface OrdersConfig {
  /** The web app (links in mails). */
  webUrl: string;
  /** An unpaid order expires this long after it was placed (UNPAID_ORDER_TTL_HOURS). */
  unpaidOrderTtlHours: number;
  /** Who sells (MERCHANT_NAME, MERCHANT_ADDRESS): the mails are signed with it and the receipt names it. */
  merchant: { name: string; address: string };
}

export interface OrdersDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** The lists' counts, reused until this instance writes orders (db/count-cache.ts). */
  counts: CountCache;
  outbox: MailOutbox;
  config: OrdersConfig;
  refunder?: OrderRefunder;
  attempts?: OrderAttemptsCloser;
  copyProjects?: ProjectCopier;
}

/** The column that records when an order reached each status (the lifecycle's dates; created_at is the insert's). */
const REACHED_AT = ORDER_STATUS_DATES satisfies Record<OrderStatus, keyof OrdersTable>;

/** Staff notes stay internal unless staff share them; the system's and the customer's notes are shown. */
const noteIsInternal = (opts: TransitionOptions) => opts.internal ?? opts.actor.type === 'staff';

const DAY_MS = 24 * 60 * 60 * 1000;
const isDay = (value: string) => value.length === 10;

export type AdminListQuery = z.output<typeof AdminOrderListQuery>;
export type OrdersModule = ReturnType<typeof createOrders>;

export function createOrders(deps: OrdersDeps) {
  const { db, clock, outbox, config, counts } = deps;

  const notFound = () => new DomainError('not_found', messages.checkout.orderNotFound);
  const conflict = (message: string) =>
    new DomainError('conflict', message, { code: 'ORDER_STATUS_CONFLICT' });
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
    opts: TransitionOptions,
  ): Promise<OutboxMail | undefined> {
    const facts = mailFacts(order);
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
          },
          `${config.webUrl}/userdashboard`,
        );
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
      if (requirement === 'full_refund' || requirement === 'refund') {
        const refunded = await refundedCents(trx, orderId);
        const paid = current.paid_at === null ? 0 : Number(current.total_cents);
        if (requirement === 'full_refund' && refunded < paid) {
          return fail(conflict(m.refundRequired(current.order_number, orderStatusLabel(from).toLowerCase())));
        }
        if (requirement === 'refund' && refunded === 0)
          return fail(conflict(m.someRefundRequired(current.order_number)));
      }
    }

    const now = clock.now();
    const changes: Updateable<OrdersTable> = { updated_at: now };
    changes[REACHED_AT[to]] = now;
    if (to === 'paid') changes.payment_method = opts.paymentMethod ?? null;
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
      note: opts.note?.trim() || null,
      internal: noteIsInternal(opts),
      created_at: now,
    });
    // No longer payable: the projects may be in another payable order now (ADR 0051).
    if (from === 'awaiting_payment') await releasePayableItems(trx, orderId);
    // The books follow their order: ordered once paid, drafts again when a paid order is canceled.
    if (to === 'paid') await markProjectsOrdered(trx, orderId, now);
    if (to === 'canceled' && isPaidStatus(from)) await releaseProjects(trx, orderId, now);

    const mailIds: number[] = [];
    const mail = opts.notify === false ? undefined : await mailFor(trx, order, opts);
    if (mail) {
      const id = await outbox.enqueue(trx, mail);
      if (id !== undefined) mailIds.push(id);
    }
    return { ok: true, moved: { order, from, mailIds } };
  }

  /**
   * Effects of committed moves: their mails leave now (in the background), and the unpaid orders that were
   * canceled have their open payment attempts closed at the provider before this resolves (never rejects).
   */
  async function afterCommit(moved: Moved | readonly Moved[]): Promise<void> {
    const all: readonly Moved[] = isMovedList(moved) ? moved : [moved];
    outbox.deliver(all.flatMap((m) => m.mailIds));
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

  // -------------------------------------------------------------------------------------------------------------
  // Writes used by other modules

  /**
   * Checkout's order, inside its transaction: the customer's name and e-mail copied from the account (ADR 0008),
   * the expiry of the unpaid order, and the first event (placed by the customer).
   */
  async function placeWithin(
    trx: Transaction<DB>,
    userId: number,
    order: Omit<
      NewOrder,
      'user_id' | 'status' | 'customer_email' | 'customer_name' | 'created_at' | 'expires_at'
    >,
    items: readonly NewOrderItem[],
  ): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
    const customer = await trx
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const now = clock.now();
    const written = await insertOrder(
      trx,
      {
        ...order,
        user_id: userId,
        status: 'awaiting_payment',
        customer_email: customer.email,
        customer_name: customer.name,
        created_at: now,
        updated_at: now,
        expires_at: new Date(now.getTime() + config.unpaidOrderTtlHours * 3600_000),
      },
      items,
    );
    await insertEvent(trx, {
      order_id: written.order.id,
      from_status: null,
      to_status: 'awaiting_payment',
      actor_type: 'customer',
      actor_user_id: userId,
      actor_label: customer.name,
      created_at: now,
    });
    return written;
  }

  /**
   * The payment code's move to paid, inside the transaction that completed the payment. An order that no longer
   * awaits payment (paid the other way, canceled, expired) is not an error here: the money arrived anyway and the
   * caller decides what to do with it.
   */
  async function payWithin(
    trx: Transaction<DB>,
    orderId: number,
    method: 'card' | 'paypal',
  ): Promise<{ result: 'paid'; moved: Moved } | { result: 'order_not_payable' }> {
    const outcome = await attempt(trx, orderId, 'paid', { actor: systemActor, paymentMethod: method });
    if (!outcome.ok) return { result: 'order_not_payable' };
    // An order of e-books alone has nothing to print or ship: its files are ready now, so it is delivered in the
    // same transaction (the receipt says so; no second mail). Printed books take the production path.
    const items = await findOrderItems(trx, [orderId]);
    if (items.length === 0 || !items.every(isDigitalItem)) return { result: 'paid', moved: outcome.moved };
    const delivered = await attempt(trx, orderId, 'delivered', {
      actor: systemActor,
      note: m.filesReady,
      internal: false,
      notify: false,
    });
    if (!delivered.ok) throw delivered.error;
    return {
      result: 'paid',
      moved: { ...delivered.moved, from: outcome.moved.from, mailIds: outcome.moved.mailIds },
    };
  }

  /**
   * Cancels the given orders that still await payment, inside the caller's transaction (the customer deleted or
   * edited one of their books, or saved shipping again for them). No mail: the customer did it. Orders already
   * elsewhere are left alone. The caller passes what it returns to `afterCommit` once committed, which closes
   * their open payment attempts at the providers (ADR 0051).
   */
  async function cancelUnpaidWithin(
    trx: Transaction<DB>,
    orderIds: readonly number[],
    actor: OrderActorInput,
    note: string,
  ): Promise<Moved[]> {
    const moved: Moved[] = [];
    for (const id of orderIds) {
      const outcome = await attempt(trx, id, 'canceled', { actor, note, internal: false, notify: false });
      if (outcome.ok) moved.push(outcome.moved);
    }
    return moved;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Staff

  /** POST api/admin/orders/{id}/status/: a staff move; a cancel after payment refunds what is left first. */
  async function changeStatus(
    orderId: number,
    body: z.output<typeof ChangeStatusBody>,
    staff: { id: number; name: string },
  ): Promise<AdminOrderDetail> {
    const actor: OrderActorInput = { type: 'staff', userId: staff.id, label: staff.name };
    if (body.status === 'canceled' && deps.refunder) {
      const order = await findOrder(db, orderId);
      if (!order) throw notFound();
      const rule = transitionRule(order.status, 'canceled');
      if (rule && rule.by.includes('staff') && order.paid_at !== null) {
        const refunded = await refundedCents(db, orderId);
        const short = rule.requires.includes('full_refund')
          ? refunded < Number(order.total_cents)
          : rule.requires.includes('refund') && refunded === 0;
        if (short) {
          await deps.refunder.refundRemaining(orderId, { reason: body.note ?? m.actions.cancel, actor });
        }
      }
    }
    await transition(orderId, body.status, {
      actor,
      note: body.note ?? null,
      internal: body.internal,
      carrier: body.carrier,
      trackingNumber: body.tracking_number,
      trackingUrl: body.tracking_url,
    });
    return adminDetail(orderId);
  }

  async function adminDetail(orderId: number): Promise<AdminOrderDetail> {
    const row = await findOrder(db, orderId);
    if (!row) throw notFound();
    const [items, events, refunds, payments, accountDeleted] = await Promise.all([
      findItemsWithProjects(db, orderId),
      findEvents(db, [orderId]),
      findRefunds(db, [orderId]),
      findPayments(db, orderId),
      isAccountDeleted(db, row.user_id),
    ]);
    return toAdminDetail({ row, items, events, refunds, payments, accountDeleted });
  }

  async function adminList(query: AdminListQuery): Promise<AdminOrderListResponse> {
    const after = decodeCursor(query.cursor, TimeIdCursor);
    const filters = {
      status: query.status,
      q: query.q,
      from: query.from ? new Date(isDay(query.from) ? `${query.from}T00:00:00.000Z` : query.from) : undefined,
      before: query.to
        ? new Date(
            isDay(query.to) ? Date.parse(`${query.to}T00:00:00.000Z`) + DAY_MS : Date.parse(query.to) + 1,
          )
        : undefined,
    };
    const [rows, total] = await Promise.all([
      listAdminOrders(db, filters, { after, limit: query.limit }),
      counts.count(`admin-orders:${JSON.stringify(filters)}`, ['orders', 'order_items'], () =>
        countAdminOrders(db, filters),
      ),
    ]);
    const page = toPage(rows, query.limit, (row) => [row.cursor_time, row.id]);
    return { data: page.rows.map(toAdminRow), next_cursor: page.next_cursor, total };
  }

  // -------------------------------------------------------------------------------------------------------------
  // The customer

  async function orderOf(row: OrderRow): Promise<Order> {
    const [items, events, refunds] = await Promise.all([
      findOrderItems(db, [row.id]),
      findEvents(db, [row.id]),
      findRefunds(db, [row.id]),
    ]);
    return toOrder(row, items, events, refunds);
  }

  /** GET api/orders/{id}/: 404 for an unknown id and for another user's order alike. */
  async function myOrder(userId: number, orderId: number): Promise<Order> {
    const row = await findUserOrder(db, userId, orderId);
    if (!row) throw notFound();
    return orderOf(row);
  }

  /**
   * GET api/orders/{id}/downloads/{project_id}/{kind}/: may this caller download this e-book of this order? The
   * order's customer or an admin (anyone else: 404, as for any order of another); the book must be an e-book of
   * the order (404) and the order paid (403 before). Answers the project's owner, whose file is served.
   */
  async function downloadOwner(
    user: { id: number; is_admin: boolean },
    orderId: number,
    projectId: number,
  ): Promise<number> {
    const row = user.is_admin ? await findOrder(db, orderId) : await findUserOrder(db, user.id, orderId);
    if (!row) throw notFound();
    const item = (await findOrderItems(db, [orderId])).find((i) => i.project_id === projectId);
    if (!item) throw new DomainError('not_found', m.reorderItemNotInOrder);
    if (!isDigitalItem(item)) throw new DomainError('not_found', m.notADownload);
    if (!isPaidStatus(row.status)) throw new DomainError('forbidden', m.downloadNotYet);
    return row.user_id;
  }

  /** GET api/orders/lookup/?number=: one of the caller's orders by its number. */
  async function lookup(userId: number, orderNumber: string): Promise<Order> {
    const id = orderIdOfNumber(orderNumber);
    const row = id === undefined ? undefined : await findUserOrder(db, userId, id);
    if (!row) throw new DomainError('not_found', m.lookupNotFound);
    return orderOf(row);
  }

  async function myOrders(
    userId: number,
    query: { limit: number; cursor?: string; status?: OrderStatus },
  ): Promise<MyOrdersResponse> {
    const after = decodeCursor(query.cursor, TimeIdCursor);
    const [rows, total] = await Promise.all([
      listUserOrders(db, userId, { after, limit: query.limit }, query.status),
      counts.count(`user-orders:${userId}:${query.status ?? ''}`, ['orders'], () =>
        countUserOrders(db, userId, query.status),
      ),
    ]);
    const page = toPage(rows, query.limit, (row) => [row.cursor_time, row.id]);
    const ids = page.rows.map((r) => r.id);
    const items = await findOrderItems(db, ids);
    const refunds = await findRefunds(db, ids);
    return {
      data: page.rows.map((row) =>
        toOrderSummary(
          row,
          items.filter((i) => i.order_id === row.id),
          refunds.filter((r) => r.order_id === row.id),
        ),
      ),
      next_cursor: page.next_cursor,
      total,
    };
  }

  async function overview(userId: number): Promise<CustomerOverviewResponse> {
    return toCustomerOverview(await userOverview(db, userId, OVERVIEW_UNPAID_LIMIT));
  }

  /**
   * POST api/orders/{id}/reorder/: the books of a paid (or later) order as new draft projects of the caller's,
   * on the same uploaded files, priced at today's catalog. Without items: every book at the copies ordered then.
   */
  async function reorder(
    userId: number,
    orderId: number,
    body: z.output<typeof ReorderBody>,
  ): Promise<ReorderResponse> {
    const row = await findUserOrder(db, userId, orderId);
    if (!row) throw notFound();
    if (!isPaidStatus(row.status))
      throw new DomainError('conflict', m.notReorderable, { code: 'ORDER_NOT_REORDERABLE' });
    if (!deps.copyProjects) throw new DomainError('unavailable', messages.generic.serverError);
    const items = await findOrderItems(db, [orderId]);
    const inOrder = new Map(items.map((i) => [i.project_id, i]));
    const wanted = body.items ?? items.map((i) => ({ project_id: i.project_id, quantity: i.quantity }));
    const seen = new Set<number>();
    for (const [index, item] of wanted.entries()) {
      if (!inOrder.has(item.project_id) || seen.has(item.project_id)) {
        throw new DomainError('invalid', m.reorderItemNotInOrder, {
          fields: [{ path: `body.items.${index}.project_id`, message: m.reorderItemNotInOrder }],
        });
      }
      seen.add(item.project_id);
    }
    const projects = await deps.copyProjects(
      userId,
      wanted.map((i) => ({ projectId: i.project_id, quantity: i.quantity })),
    );
    return { message: m.reordered, projects };
  }

  /** The expiry job (unpaid-expiry.ts): unpaid orders past their time, closed at the providers and canceled. */
  async function expireDue(now: Date): Promise<Record<string, number>> {
    const attempts = deps.attempts;
    // Canceling without closing the attempts could leave a session that still takes money.
    if (!attempts) throw new Error('the expiry of unpaid orders needs the payments module (deps.attempts)');
    return expireUnpaid(
      {
        db,
        closeOrderAttempts: (orderId) => attempts.closeOrderAttempts(orderId),
        cancel: (orderId, note) =>
          transition(orderId, 'canceled', { actor: systemActor, note, internal: false }),
        unpaidOrderTtlHours: config.unpaidOrderTtlHours,
      },
      now,
    );
  }

  return {
    ...createOrderFacts({ db, clock }),
    expireDue,
    // writes
    transition,
    transitionWithin,
    afterCommit,
    placeWithin,
    payWithin,
    cancelUnpaidWithin,
    changeStatus,
    // reads
    adminList,
    adminDetail,
    myOrders,
    myOrder,
    lookup,
    overview,
    reorder,
    downloadOwner,
  };
}
