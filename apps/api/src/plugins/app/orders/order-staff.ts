/**
 * The staff's verbs on orders (docs/decisions/0020): the admin list and detail, and `changeStatus` (POST
 * api/admin/orders/{id}/status/), whose cancel after payment refunds what is left first.
 */
import type {
  AdminOrderDetail,
  AdminOrderListQuery,
  AdminOrderListResponse,
  ChangeStatusBody,
} from '@bindery/contracts/admin/orders';
import { messages } from '@bindery/contracts/messages';
import { transitionRule } from '@bindery/contracts/order-lifecycle';
import type { z } from 'zod';
import { TimeIdCursor, decodeCursor, toPage } from '#lib/keyset.js';
import type { OrderMoves } from './order-moves.js';
import { orderNotFound, type OrderActorInput, type OrdersDeps } from './order-types.js';
import { toAdminDetail, toAdminRow } from './order-views.js';
import {
  countAdminOrders,
  findEvents,
  findItemsWithProjects,
  findOrder,
  findPayments,
  findRefunds,
  isAccountDeleted,
  listAdminOrders,
  refundedCents,
} from './orders.repository.js';

const m = messages.orders;

const DAY_MS = 24 * 60 * 60 * 1000;
const isDay = (value: string) => value.length === 10;

export type AdminListQuery = z.output<typeof AdminOrderListQuery>;

export function createOrderStaff(
  deps: Pick<OrdersDeps, 'db' | 'counts' | 'refunder' | 'config'>,
  moves: OrderMoves,
) {
  const { db, counts } = deps;
  const { transition } = moves;
  const notFound = orderNotFound;

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
      holdReason: body.hold_reason,
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
    return toAdminDetail({
      row,
      items,
      events,
      refunds,
      payments,
      accountDeleted,
      delayMs: deps.config.productionDelayMs,
    });
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

  return { changeStatus, adminDetail, adminList };
}
