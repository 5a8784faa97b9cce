/**
 * The status sets, labels and dates the lifecycle module derives, and the "one more status" thought experiment on them
 * (docs/decisions/0057): a status added to a fixture table is picked up by the derived sets and reported by every
 * check of a per-status map that lacks it.
 */
import { describe, expect, it } from 'vitest';
import { AdminOrderDetail } from './admin/orders.js';
import {
  CANCELABLE_WITH_REFUND,
  INITIAL_STATUS,
  ORDER_STATUSES,
  ORDER_STATUS_DATES,
  ORDER_TRANSITIONS,
  PAID_STATUSES,
  cancelableWithRefundOf,
  isFinalStatus,
  orderStatusLabel,
  paidStatusesOf,
  unhandledStatus,
  type OrderStatus,
} from './order-lifecycle.js';
import {
  REJECTED,
  TRANSITIONS_WITH_REJECTED,
  WITH_REJECTED,
  unhandledStatuses,
} from './testing/order-statuses.js';

describe('the status sets derived from the table', () => {
  it('counts paid and every status after it as paid, never awaiting payment or canceled', () => {
    expect(PAID_STATUSES).toEqual(['paid', 'in_production', 'on_hold', 'shipped', 'delivered']);
  });

  it('cancels with a refund only what was paid and not yet shipped', () => {
    expect(CANCELABLE_WITH_REFUND).toEqual(['paid', 'in_production', 'on_hold']);
  });

  it('picks up a status added after paid without a list to edit', () => {
    expect(paidStatusesOf(TRANSITIONS_WITH_REJECTED, INITIAL_STATUS, 'paid')).toEqual([
      ...PAID_STATUSES,
      REJECTED,
    ]);
    expect(cancelableWithRefundOf(TRANSITIONS_WITH_REJECTED)).toEqual([...CANCELABLE_WITH_REFUND, REJECTED]);
  });

  it('places an order in a status nothing moves back to', () => {
    for (const status of ORDER_STATUSES) {
      expect(ORDER_TRANSITIONS[status].some((rule) => rule.to === INITIAL_STATUS)).toBe(false);
    }
    expect(isFinalStatus(INITIAL_STATUS)).toBe(false);
  });
});

describe('every status has a label and a date (the "one more status" test)', () => {
  const dateFields = new Set(Object.keys(AdminOrderDetail.shape));
  const checks: Record<string, (status: OrderStatus) => unknown> = {
    label: orderStatusLabel,
    'date field of the admin order': (status) => {
      // A status the table does not know has no entry (the fixture's rejected): read as a plain lookup.
      const field = (ORDER_STATUS_DATES as Partial<Record<string, string>>)[status];
      return field !== undefined && dateFields.has(field) ? field : undefined;
    },
    'exhaustive switch': (status) => {
      switch (status) {
        case 'awaiting_payment':
        case 'paid':
        case 'in_production':
        case 'on_hold':
        case 'shipped':
        case 'delivered':
        case 'canceled':
          return status;
        default:
          return unhandledStatus(status);
      }
    },
  };

  it.each(Object.entries(checks))('%s: handles every status of the table', (_, check) => {
    expect(unhandledStatuses(ORDER_STATUSES, check)).toEqual([]);
  });

  it.each(Object.entries(checks))('%s: points at a status added to a fixture table', (_, check) => {
    expect(unhandledStatuses(WITH_REJECTED, check)).toEqual([REJECTED]);
  });
});
