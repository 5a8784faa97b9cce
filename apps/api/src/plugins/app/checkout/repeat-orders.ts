/**
 * A repeated identical submission (a double click, a retried request) returns the order it already made instead
 * of writing a second one: the same address, service, items and amounts within REPEAT_ORDER_WINDOW_MS, read in
 * save-shipping's transaction after the user lock.
 */
import type { Transaction } from 'kysely';
import type { DB } from '#db/database.js';
import type { OrdersModule } from '../orders/orders.service.js';
import { findRecentUnpaidOrders } from './checkout.repository.js';

/** A repeated identical submission within this window returns the order it already made. */
export const REPEAT_ORDER_WINDOW_MS = 10 * 60 * 1000;

/**
 * What makes two submissions the same order: address, service, items and their amounts, and shipping. Not the
 * total: a repeat of a first order no longer gets the first-print discount (the first took it), yet it is the
 * same order.
 */
export function orderFingerprint(args: {
  address: unknown;
  serviceCode: string;
  shippingCents: number;
  items: readonly { projectId: number; quantity: number; lineTotalCents: number }[];
}): string {
  const address = Object.entries(args.address as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : 1,
  );
  const items = args.items.map((i) => [i.projectId, i.quantity, i.lineTotalCents]);
  return JSON.stringify([address, args.serviceCode, args.shippingCents, items]);
}

/** The id of the user's unpaid order with this fingerprint made within the window, if any. */
export async function repeatedOrder(
  trx: Transaction<DB>,
  orders: Pick<OrdersModule, 'itemRowsWithin'>,
  userId: number,
  fingerprint: string,
  now: Date,
): Promise<number | undefined> {
  const candidates = await findRecentUnpaidOrders(
    trx,
    userId,
    new Date(now.getTime() - REPEAT_ORDER_WINDOW_MS),
  );
  if (candidates.length === 0) return undefined;
  const items = await orders.itemRowsWithin(
    trx,
    candidates.map((c) => c.id),
  );
  for (const candidate of candidates) {
    const own = items.filter((i) => i.order_id === candidate.id);
    const service = candidate.shipping_service as { service_code?: unknown };
    const candidateFingerprint = orderFingerprint({
      address: candidate.address,
      serviceCode: String(service.service_code),
      shippingCents: Number(candidate.shipping_cents),
      items: own.map((i) => ({
        projectId: i.project_id,
        quantity: i.quantity,
        lineTotalCents: Number(i.line_total_cents),
      })),
    });
    if (candidateFingerprint === fingerprint) return candidate.id;
  }
  return undefined;
}
