import { describe, expect, it } from 'vitest';
import { AdminOrderListQuery, ChangeStatusBody, RefundBody } from './admin/orders.js';
import { messages } from './messages.js';
import { MyOrdersQuery, OrderLookupQuery, ReorderBody } from './store/orders.js';

describe('order contracts', () => {
  it('reads the admin list query: paging defaults, an empty search as none, days or instants', () => {
    expect(AdminOrderListQuery.parse({})).toEqual({ limit: 50 });
    expect(AdminOrderListQuery.parse({ q: '  ', limit: '20' })).toEqual({ limit: 20 });
    expect(
      AdminOrderListQuery.parse({
        q: ' Ann ',
        status: 'shipped',
        from: '2026-11-01',
        to: '2026-11-23T12:00:00Z',
      }),
    ).toMatchObject({
      q: 'Ann',
      status: 'shipped',
      from: '2026-11-01',
      to: '2026-11-23T12:00:00Z',
    });
    for (const bad of [{ status: 'lost' }, { from: 'yesterday' }, { limit: '201' }, { sort: 'total' }]) {
      expect(AdminOrderListQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(MyOrdersQuery.safeParse({ q: 'x' }).success).toBe(false);
  });

  it('keeps the status change strict, notes internal by default, blank fields absent, tracking links http(s)', () => {
    expect(ChangeStatusBody.parse({ status: 'in_production' })).toEqual({
      status: 'in_production',
      internal: true,
    });
    expect(
      ChangeStatusBody.parse({
        status: 'shipped',
        carrier: ' FedEx ',
        tracking_number: '',
        note: 'x',
        internal: false,
      }),
    ).toEqual({
      status: 'shipped',
      carrier: 'FedEx',
      note: 'x',
      internal: false,
    });
    expect(
      ChangeStatusBody.safeParse({ status: 'shipped', tracking_url: 'javascript:alert(1)' }).success,
    ).toBe(false);
    expect(ChangeStatusBody.safeParse({ status: 'paid', paid_at: 'now' }).success).toBe(false);
    expect(RefundBody.safeParse({ reason: 'Damaged', amount_cents: 0 }).success).toBe(false);
    expect(RefundBody.safeParse({ reason: '' }).success).toBe(false);
    expect(RefundBody.parse({ reason: ' Damaged ' })).toEqual({ reason: 'Damaged' });
  });

  it('reads order numbers as people type them, and strict reorder bodies', () => {
    for (const typed of ['BND-000042', 'bnd-42', 'BND42', '42', ' 000042 ']) {
      expect(OrderLookupQuery.safeParse({ number: typed }).success, typed).toBe(true);
    }
    const bad = OrderLookupQuery.safeParse({ number: 'ABC-1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(messages.orders.lookupNumberInvalid);
    expect(OrderLookupQuery.safeParse({ number: '0' }).success).toBe(false);
    expect(ReorderBody.parse({})).toEqual({});
    expect(ReorderBody.safeParse({ items: [{ project_id: 1, quantity: 2, price: '1.00' }] }).success).toBe(
      false,
    );
    expect(ReorderBody.safeParse({ items: [] }).success).toBe(false);
  });
});

describe('orderNumberOf (docs/decisions/0058)', () => {
  it('writes an id as the database writes its order number', async () => {
    const { orderNumberOf } = await import('./store/orders.js');
    expect(orderNumberOf(1)).toBe('BND-000001');
    expect(orderNumberOf(42)).toBe('BND-000042');
    expect(orderNumberOf(999_999)).toBe('BND-999999');
    expect(orderNumberOf(1_234_567)).toBe('BND-1234567');
  });
});
