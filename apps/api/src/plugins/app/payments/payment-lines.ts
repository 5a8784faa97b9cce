/**
 * What a provider is asked to collect, built from the stored order and nothing else (the original took every
 * amount from the browser: original-system.md §7, defect 1). One line per order item ("Title — 25 copies",
 * the item's line total), the order's own discount (the first-print discount, taken off the items), then shipping
 * and tax; they must add up to the order's total to the cent, or nothing is sent to a provider.
 */
import type { Selectable } from 'kysely';
import { splitTaxed } from '@bindery/pricing/tax';
import type { OrderItemsTable } from '#db/database.js';
import type { PaymentLine, PaymentRequest } from './payment-gateways.js';

/** The order row's fields a payment needs (bigint cents arrive as text or number; created_at as Date or text). */
interface OrderFacts {
  id: number;
  currency: string;
  subtotal_cents: string | number;
  /** The first-print discount (0 when none; absent in rows written before it existed). */
  discount_cents?: string | number;
  shipping_cents: string | number;
  tax_cents: string | number;
  total_cents: string | number;
  shipping_service: unknown;
  created_at: unknown;
}
type ItemFacts = Pick<Selectable<OrderItemsTable>, 'title' | 'quantity' | 'line_total_cents'>;

/** The stored amounts do not add up: a bug or a hand-edited row, never something to charge. */
export class OrderAmountsError extends Error {
  constructor(orderId: number, detail: string) {
    super(`Order ${orderId}: amounts do not add up (${detail}); no payment was started`);
    this.name = 'OrderAmountsError';
  }
}

const cents = (value: string | number, what: string, orderId: number): number => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new OrderAmountsError(orderId, `${what} is ${value}`);
  return n;
};

export function itemLineName(title: string, quantity: number): string {
  return `${title} — ${quantity} ${quantity === 1 ? 'copy' : 'copies'}`;
}

/** The discount's line, as the shop, the receipt and the providers show it. */
export const DISCOUNT_LINE_NAME = 'First-print discount';

export function shippingLineName(service: unknown): string {
  const name =
    typeof service === 'object' && service !== null
      ? (service as { service_name?: unknown }).service_name
      : undefined;
  return typeof name === 'string' && name.trim() ? `Shipping (${name.trim()})` : 'Shipping';
}

export interface PaymentTarget {
  successUrl: string;
  cancelUrl: string;
  /** Distinguishes this order's attempts with a provider: `card-2`, `paypal-1`. */
  attempt: string;
  customerEmail?: string;
}

/**
 * The idempotency key of an attempt. The order's creation time keeps keys of two databases that share one
 * provider account (developers on one sandbox) apart, although both have an order 1.
 */
export const idempotencyKey = (order: Pick<OrderFacts, 'id' | 'created_at'>, attempt: string) =>
  `bindery-order-${order.id}-${new Date(order.created_at as Date | string).getTime()}-${attempt}`;

export function buildPaymentRequest(
  order: OrderFacts,
  items: readonly ItemFacts[],
  target: PaymentTarget,
): PaymentRequest {
  if (items.length === 0) throw new OrderAmountsError(order.id, 'the order has no items');
  const lines: PaymentLine[] = items.map((item) => ({
    name: itemLineName(item.title, item.quantity),
    amountCents: cents(item.line_total_cents, 'a line total', order.id),
  }));
  const itemTotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const subtotalCents = cents(order.subtotal_cents, 'the subtotal', order.id);
  const discountCents = cents(order.discount_cents ?? 0, 'the discount', order.id);
  const shippingCents = cents(order.shipping_cents, 'shipping', order.id);
  const taxCents = cents(order.tax_cents, 'tax', order.id);
  const totalCents = cents(order.total_cents, 'the total', order.id);
  if (itemTotalCents !== subtotalCents) {
    throw new OrderAmountsError(order.id, `items ${itemTotalCents} ≠ subtotal ${subtotalCents}`);
  }
  if (discountCents > itemTotalCents) {
    throw new OrderAmountsError(order.id, `discount ${discountCents} > items ${itemTotalCents}`);
  }
  if (itemTotalCents - discountCents + shippingCents + taxCents !== totalCents || totalCents <= 0) {
    throw new OrderAmountsError(
      order.id,
      `items ${itemTotalCents} − discount ${discountCents} + shipping ${shippingCents} + tax ${taxCents} ≠ total ${totalCents}`,
    );
  }
  return {
    orderId: order.id,
    items: lines,
    itemTotalCents,
    discountCents,
    discountName: DISCOUNT_LINE_NAME,
    shippingCents,
    shippingName: shippingLineName(order.shipping_service),
    taxCents,
    totalCents,
    currency: order.currency.toUpperCase(),
    successUrl: target.successUrl,
    cancelUrl: target.cancelUrl,
    idempotencyKey: idempotencyKey(order, target.attempt),
    ...(target.customerEmail ? { customerEmail: target.customerEmail } : {}),
  };
}

/**
 * A hold's higher price difference (docs/decisions/0077): one line named for the books and page counts, the
 * order's tax rate on it split back out of the stored difference (it was priced as line + tax at that rate), no
 * shipping, no discount; the total is the stored difference to the cent.
 */
export function buildDifferenceRequest(
  order: Pick<OrderFacts, 'id' | 'currency' | 'created_at'> & { tax_rate_bp: number },
  differenceCents: number,
  name: string,
  target: PaymentTarget,
): PaymentRequest {
  if (!Number.isSafeInteger(differenceCents) || differenceCents <= 0) {
    throw new OrderAmountsError(order.id, `the difference is ${differenceCents}`);
  }
  const { lineCents: line, taxCents } = splitTaxed(differenceCents, order.tax_rate_bp);
  return {
    orderId: order.id,
    items: [{ name, amountCents: line }],
    itemTotalCents: line,
    discountCents: 0,
    discountName: DISCOUNT_LINE_NAME,
    shippingCents: 0,
    shippingName: shippingLineName(null),
    taxCents,
    totalCents: differenceCents,
    currency: order.currency.toUpperCase(),
    successUrl: target.successUrl,
    cancelUrl: target.cancelUrl,
    idempotencyKey: idempotencyKey(order, target.attempt),
    ...(target.customerEmail ? { customerEmail: target.customerEmail } : {}),
  };
}
