import { describe, expect, it } from 'vitest';
import { buildPaymentRequest, idempotencyKey, OrderAmountsError, shippingLineName } from './payment-lines.js';
import { checkoutLines } from './stripe-gateway.js';

const created = new Date('2026-11-21T12:00:00Z');
const order = (
  over: Partial<Record<'subtotal_cents' | 'shipping_cents' | 'tax_cents' | 'total_cents', string>> = {},
) => ({
  id: 7,
  currency: 'USD',
  subtotal_cents: '3000',
  shipping_cents: '500',
  tax_cents: '289',
  total_cents: '3789',
  shipping_service: { service_name: 'DHL Express' },
  created_at: created,
  ...over,
});
const items = [
  { title: 'A', quantity: 10, line_total_cents: '2000' },
  { title: 'B', quantity: 1, line_total_cents: 1000 },
];
const target = { successUrl: 'http://w/s', cancelUrl: 'http://w/c', attempt: 'card-1' };

describe('buildPaymentRequest', () => {
  it('turns the stored order into lines whose sum is the total, with a key per order and attempt', () => {
    const request = buildPaymentRequest(order(), items, target);
    expect(request).toMatchObject({
      items: [
        { name: 'A — 10 copies', amountCents: 2000 },
        { name: 'B — 1 copy', amountCents: 1000 },
      ],
      itemTotalCents: 3000,
      shippingCents: 500,
      shippingName: 'Shipping (DHL Express)',
      taxCents: 289,
      totalCents: 3789,
      currency: 'USD',
      idempotencyKey: `bindery-order-7-${created.getTime()}-card-1`,
    });
    expect(checkoutLines(request).reduce((s, l) => s + l.amountCents, 0)).toBe(3789);
  });

  it('carries the first-print discount: items − discount + shipping + tax = total, Stripe lines less it too', () => {
    // 3000 − 300 + 500 = 3200, tax 264 (8.25 %): total 3464.
    const discounted = { ...order({ tax_cents: '264', total_cents: '3464' }), discount_cents: '300' };
    const request = buildPaymentRequest(discounted, items, target);
    expect(request).toMatchObject({
      itemTotalCents: 3000,
      discountCents: 300,
      discountName: 'First-print discount',
      totalCents: 3464,
    });
    expect(checkoutLines(request).reduce((s, l) => s + l.amountCents, 0) - request.discountCents).toBe(3464);
    // A discount that was not taken off the total, or one larger than the books, is never charged.
    expect(() => buildPaymentRequest({ ...discounted, total_cents: '3764' }, items, target)).toThrow(
      /items 3000 − discount 300/,
    );
    expect(() =>
      buildPaymentRequest({ ...order({ total_cents: '0' }), discount_cents: '3001' }, items, target),
    ).toThrow(/discount 3001 > items 3000/);
  });

  it('refuses stored amounts that do not add up, or an order without items', () => {
    expect(() => buildPaymentRequest(order({ total_cents: '3790' }), items, target)).toThrow(
      OrderAmountsError,
    );
    expect(() =>
      buildPaymentRequest(order({ subtotal_cents: '2999', total_cents: '3788' }), items, target),
    ).toThrow(/items 3000 ≠ subtotal 2999/);
    expect(() => buildPaymentRequest(order({ tax_cents: '-1', total_cents: '3499' }), items, target)).toThrow(
      /tax is -1/,
    );
    expect(() => buildPaymentRequest(order(), [], target)).toThrow(/no items/);
  });

  it('keeps the keys of two databases apart and names a shipping line without a service', () => {
    expect(idempotencyKey({ id: 1, created_at: created }, 'paypal-1')).not.toBe(
      idempotencyKey({ id: 1, created_at: new Date(created.getTime() + 1) }, 'paypal-1'),
    );
    expect(shippingLineName({})).toBe('Shipping');
    expect(shippingLineName(null)).toBe('Shipping');
  });

  it('checkoutLines refuses lines that do not add up to the total', () => {
    const request = buildPaymentRequest(order(), items, target);
    expect(() => checkoutLines({ ...request, totalCents: request.totalCents + 1 })).toThrow(/add up to 3789/);
  });
});
