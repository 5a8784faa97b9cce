import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './stripe-form.js';

describe('parseStripeForm', () => {
  it('rebuilds nested objects and indexed arrays as stripe-node encodes them', () => {
    const raw =
      'mode=payment&line_items[0][quantity]=1&line_items[0][price_data][unit_amount]=1200' +
      '&line_items[1][quantity]=2&metadata[order_id]=7&payment_method_types[0]=card&success_url=' +
      encodeURIComponent('http://web/success?order=7&session_id={CHECKOUT_SESSION_ID}');
    expect(parseStripeForm(raw)).toEqual({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { unit_amount: '1200' } }, { quantity: '2' }],
      metadata: { order_id: '7' },
      payment_method_types: ['card'],
      success_url: 'http://web/success?order=7&session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('keeps objects with gaps in their numeric keys as objects, and ignores prototype keys', () => {
    const parsed = parseStripeForm('a[0]=x&a[2]=y&__proto__[polluted]=1&b[constructor]=2');
    expect(parsed).toEqual({ a: { 0: 'x', 2: 'y' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
