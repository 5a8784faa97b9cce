/**
 * The customer's verbs on their orders (docs/decisions/0020, 0058): the keyset page, one order, the lookup by
 * number, the overview, an e-book download's owner, and `reorder` (the books again as new drafts). Another
 * user's order is a 404, as an unknown one.
 */
import type { Order } from '@bindery/contracts/store/checkout';
import { messages } from '@bindery/contracts/messages';
import { isPaidStatus, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import {
  OVERVIEW_UNPAID_LIMIT,
  type CustomerOverviewResponse,
  type MyOrdersResponse,
  type ReorderBody,
  type ReorderResponse,
} from '@bindery/contracts/store/orders';
import type { z } from 'zod';
import { DomainError } from '#lib/domain-error.js';
import { TimeIdCursor, decodeCursor, toPage } from '#lib/keyset.js';
import { orderNotFound, type OrdersDeps } from './order-types.js';
import { isDigitalItem, toCustomerOverview, toOrder, toOrderSummary } from './order-views.js';
import {
  countUserOrders,
  findEvents,
  findOrder,
  findOrderItems,
  findRefunds,
  findUserOrder,
  listUserOrders,
  orderIdOfNumber,
  userOverview,
  type OrderRow,
} from './orders.repository.js';

const m = messages.orders;

export function createOrderCustomer(
  deps: Pick<OrdersDeps, 'db' | 'counts' | 'copyProjects' | 'config' | 'clock'>,
) {
  const { db, counts } = deps;
  const notFound = orderNotFound;

  async function orderOf(row: OrderRow): Promise<Order> {
    const [items, events, refunds] = await Promise.all([
      findOrderItems(db, [row.id]),
      findEvents(db, [row.id]),
      findRefunds(db, [row.id]),
    ]);
    return toOrder(row, items, events, refunds, {
      delayMs: deps.config.productionDelayMs,
      now: deps.clock.now(),
    });
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

  return { orderOf, myOrder, downloadOwner, lookup, myOrders, overview, reorder };
}
