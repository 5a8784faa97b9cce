/**
 * Which webhook events an order's status change makes, and their bodies (docs/decisions/0076): every move is an
 * `order.status_changed`; a move to on_hold is also an `order.on_hold` (reason, message), one to shipped an
 * `order.shipped` (carrier, tracking). A refund is an `order.refunded` (refunds.service, after the provider said
 * yes). Each event has its own id, the same for every endpoint and every resend: what a receiver deduplicates on.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookEventType } from '@bindery/contracts/store/webhooks';

/** The order as an event tells it (the orders module hands this over; no other module's row type here). */
export interface OrderChange {
  id: number;
  userId: number;
  orderNumber: string;
  status: string;
  previousStatus: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  holdReason?: string | null;
  holdMessage?: string | null;
  /** A refund's amount, a decimal string (order.refunded). */
  refunded?: string;
}

export const newEventId = (): string => `evt_${randomUUID().replaceAll('-', '')}`;

function orderData(change: OrderChange): NonNullable<WebhookEvent['data']['order']> {
  return {
    id: change.id,
    order_number: change.orderNumber,
    status: change.status,
    previous_status: change.previousStatus,
    ...(change.status === 'shipped' && {
      carrier: change.carrier ?? null,
      tracking_number: change.trackingNumber ?? null,
      tracking_url: change.trackingUrl ?? null,
    }),
    ...(change.status === 'on_hold' && {
      hold_reason: change.holdReason ?? null,
      hold_message: change.holdMessage ?? null,
    }),
    ...(change.refunded !== undefined && { refunded: change.refunded }),
  };
}

/** The events of one change, each with a fresh id. */
export function eventsOf(change: OrderChange, now: Date): WebhookEvent[] {
  const types: WebhookEventType[] =
    change.refunded !== undefined ? ['order.refunded'] : ['order.status_changed'];
  if (change.refunded === undefined && change.previousStatus !== change.status) {
    if (change.status === 'on_hold') types.push('order.on_hold');
    if (change.status === 'shipped') types.push('order.shipped');
  }
  const created = Math.floor(now.getTime() / 1000);
  return types.map((type) => ({ id: newEventId(), type, created, data: { order: orderData(change) } }));
}

export const testEvent = (now: Date): WebhookEvent => ({
  id: newEventId(),
  type: 'test',
  created: Math.floor(now.getTime() / 1000),
  data: { order: null },
});
