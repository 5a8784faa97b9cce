/**
 * The "one more status" thought experiment for the admin console (docs/decisions/0057): every status of the lifecycle goes
 * through the status dialog's question and the order's dates, and the same walk over the fixture table with
 * `rejected` points at both, as it would if the status were added to ORDER_STATUSES without handling it here.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '@bindery/contracts/order-lifecycle';
import { REJECTED, WITH_REJECTED, unhandledStatuses } from '@bindery/contracts/testing/order-statuses';
import { reachedDates, statusDate } from '../../lib/order-dates';
import { confirmText } from '../order-status-dialog';
import { detail } from '#testing/order-fixtures.ts';

const order = detail(7, 'in_production', {
  in_production_at: '2026-11-22T09:00:00Z',
  shipped_at: '2026-11-23T09:00:00Z',
  delivered_at: '2026-11-24T09:00:00Z',
  canceled_at: '2026-11-25T09:00:00Z',
});

const checks: Record<string, (status: OrderStatus) => unknown> = {
  'the status dialog': (status) => confirmText(order, { to: status, by: ['staff'], requires: [] }),
  'the order’s dates': (status) => statusDate(order, status).at,
};

describe('every order status in the admin console', () => {
  it.each(Object.entries(checks))('%s handles every status of the lifecycle', (_, check) => {
    expect(unhandledStatuses(ORDER_STATUSES, check)).toEqual([]);
  });

  it.each(Object.entries(checks))('%s points at a status added to a fixture table', (_, check) => {
    expect(unhandledStatuses(WITH_REJECTED, check)).toEqual([REJECTED]);
  });

  it('lists the dates an order reached in the lifecycle’s order, placed first', () => {
    expect(reachedDates(order).map((d) => d.term)).toEqual([
      'Placed',
      'Paid',
      'In production',
      'Shipped',
      'Delivered',
      'Canceled',
    ]);
  });

  it('asks about a cancel by what the table requires of the money', () => {
    const cancel = (requires: ('refund' | 'full_refund')[]) =>
      confirmText(order, { to: 'canceled', by: ['staff'], requires });
    expect(cancel([])).toMatch(/has not been paid/);
    expect(cancel(['full_refund'])).toMatch(/not yet refunded goes back/);
    expect(cancel(['refund'])).toMatch(/It is in production/);
  });
});
