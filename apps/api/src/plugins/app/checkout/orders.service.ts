/**
 * Orders as customers see them (GET api/orders/, GET api/orders/{id}/): rows mapped to the contract's Order.
 * `toOrder` is the one mapping; other modules (payments, the admin's orders) can reuse it.
 */
import type { FastifyInstance } from 'fastify';
import { Address, ShippingService, type Order, type OrderItem } from '@bindery/contracts/store/checkout';
import { messages } from '@bindery/contracts/messages';
import { formatCents } from '@bindery/pricing/money';
import { taxRateText } from '@bindery/pricing/tax';
import type { Timestamp } from '../../../db/database.js';
import {
  findOrderItems,
  findUserOrder,
  findUserOrders,
  type OrderItemRow,
  type OrderRow,
} from './orders.repository.js';

/**
 * A timestamptz as ISO 8601. pg gives a Date, PGlite may give text; and database.ts's `Generated<Timestamp>` selects
 * as the ColumnType itself rather than Date, hence the widening here.
 */
export const iso = (value: Timestamp | Date | string | null): string =>
  new Date(value as unknown as Date | string).toISOString();

export function toOrderItem(row: OrderItemRow): OrderItem {
  return {
    project_id: row.project_id,
    title: row.title,
    category: row.category,
    quantity: row.quantity,
    cost_per_book: formatCents(Number(row.cost_per_book_cents)),
    discount_amount: formatCents(Number(row.discount_cents)),
    line_total: formatCents(Number(row.line_total_cents)),
  };
}

/** An order row and its item rows → the contract's Order. JSON columns are parsed with their contract schemas. */
export function toOrder(row: OrderRow, items: readonly OrderItemRow[]): Order {
  return {
    id: row.id,
    status: row.status,
    currency: 'USD',
    items: items.map(toOrderItem),
    subtotal: formatCents(Number(row.subtotal_cents)),
    shipping: formatCents(Number(row.shipping_cents)),
    tax: formatCents(Number(row.tax_cents)),
    tax_rate: taxRateText(row.tax_rate_bp),
    tax_reason: row.tax_reason,
    total: formatCents(Number(row.total_cents)),
    // The stored JSON also keeps the carrier's own charge (for the books); the contract shape drops it.
    shipping_service: ShippingService.parse(row.shipping_service),
    address: Address.parse(row.address),
    payment_method: row.payment_method,
    paid_at: row.paid_at === null ? null : iso(row.paid_at),
    created_at: iso(row.created_at),
  };
}

/** Orders with their items, two queries for any number of orders. */
export async function ordersWithItems(app: FastifyInstance, rows: readonly OrderRow[]): Promise<Order[]> {
  const items = await findOrderItems(
    app.db,
    rows.map((r) => r.id),
  );
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
}

/** GET api/orders/: the user's own orders, newest first. */
export async function listMyOrders(app: FastifyInstance, userId: number): Promise<Order[]> {
  return ordersWithItems(app, await findUserOrders(app.db, userId));
}

/** GET api/orders/{id}/: 404 for an unknown id and for another user's order alike. */
export async function getMyOrder(app: FastifyInstance, userId: number, orderId: number): Promise<Order> {
  const row = await findUserOrder(app.db, userId, orderId);
  if (!row) throw app.httpErrors.notFound(messages.checkout.orderNotFound);
  const [order] = await ordersWithItems(app, [row]);
  return order as Order;
}
