import { describe, expect, it } from 'vitest';
import {
  ORDER_ACTORS,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  availableTransitions,
  canTransition,
  isFinalStatus,
  nextStatuses,
  transitionRefusedText,
  transitionRule,
  type OrderStatus,
} from './order-lifecycle.js';

/** The table, written out independently of ORDER_TRANSITIONS: every pair not listed is forbidden. */
const ALLOWED: ReadonlyArray<readonly [OrderStatus, OrderStatus]> = [
  ['awaiting_payment', 'paid'],
  ['awaiting_payment', 'canceled'],
  ['paid', 'in_production'],
  ['paid', 'canceled'],
  // An order of e-books alone is delivered at payment (its files).
  ['paid', 'delivered'],
  ['in_production', 'shipped'],
  ['in_production', 'canceled'],
  ['shipped', 'delivered'],
  // On hold for a file problem (docs/decisions/0072): from paid or in production, back to where it was, or canceled.
  ['paid', 'on_hold'],
  ['in_production', 'on_hold'],
  ['on_hold', 'paid'],
  ['on_hold', 'in_production'],
  ['on_hold', 'canceled'],
];
const allowed = new Set(ALLOWED.map(([from, to]) => `${from}→${to}`));
const ALL_PAIRS = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

describe('the order lifecycle table', () => {
  it('has 49 pairs of which exactly the 13 of the issues are allowed', () => {
    expect(ALL_PAIRS).toHaveLength(49);
    expect(ALL_PAIRS.filter(([from, to]) => canTransition(from, to))).toHaveLength(13);
  });

  it('delivers an order of e-books alone at payment, by the system only, never by staff', () => {
    expect(transitionRule('paid', 'delivered')).toMatchObject({ by: ['system'], requires: ['digital'] });
    expect(canTransition('paid', 'delivered', 'staff')).toBe(false);
    expect(availableTransitions('paid', 'staff').map((r) => r.to)).toEqual([
      'in_production',
      'on_hold',
      'canceled',
    ]);
  });

  it.each(ALL_PAIRS)('%s → %s is allowed exactly when the issue lists it', (from, to) => {
    const expected = allowed.has(`${from}→${to}`);
    expect(canTransition(from, to)).toBe(expected);
    expect(transitionRule(from, to) !== undefined).toBe(expected);
    expect(nextStatuses(from).includes(to)).toBe(expected);
  });

  it('never allows staying in the same status, and nothing leaves delivered or canceled', () => {
    for (const status of ORDER_STATUSES) expect(canTransition(status, status)).toBe(false);
    expect(isFinalStatus('delivered')).toBe(true);
    expect(isFinalStatus('canceled')).toBe(true);
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['delivered', 'canceled']);
  });

  it('lets only the payment make an order paid, and only staff produce and ship', () => {
    expect(transitionRule('awaiting_payment', 'paid')).toMatchObject({
      by: ['system'],
      requires: ['payment'],
    });
    expect(canTransition('awaiting_payment', 'paid', 'staff')).toBe(false);
    expect(canTransition('paid', 'in_production', 'staff')).toBe(true);
    expect(canTransition('paid', 'in_production', 'system')).toBe(false);
    expect(canTransition('in_production', 'shipped', 'customer')).toBe(false);
    // The customer cancels an unpaid order (deleting or editing one of its books) and a paid one within its
    // cancel window (docs/decisions/0072), nothing else.
    for (const [from, to] of ALL_PAIRS) {
      const customer = canTransition(from, to, 'customer');
      expect(customer, `${from}→${to}`).toBe(
        (from === 'awaiting_payment' || from === 'paid') && to === 'canceled',
      );
    }
    expect(transitionRule('paid', 'canceled')?.requires).toContain('cancel_window');
    expect(transitionRule('paid', 'in_production')?.requires).toEqual(['production_delay']);
  });

  it('requires a carrier and tracking number to ship, and a refund to cancel after payment', () => {
    expect(transitionRule('in_production', 'shipped')?.requires).toEqual(['carrier', 'tracking_number']);
    expect(transitionRule('paid', 'canceled')?.requires).toEqual(['full_refund', 'cancel_window']);
    expect(transitionRule('on_hold', 'canceled')?.requires).toEqual(['full_refund']);
    expect(transitionRule('in_production', 'canceled')?.requires).toEqual(['refund']);
    expect(transitionRule('awaiting_payment', 'canceled')?.requires).toEqual([]);
  });

  it('gives staff a labelled action for each move they may make', () => {
    expect(availableTransitions('paid', 'staff').map((r) => [r.to, r.action])).toEqual([
      ['in_production', 'Start production'],
      ['on_hold', 'Put on hold'],
      ['canceled', 'Cancel order'],
    ]);
    expect(nextStatuses('awaiting_payment', 'staff')).toEqual(['canceled']);
    expect(nextStatuses('in_production', 'staff')).toEqual(['shipped', 'on_hold', 'canceled']);
    expect(nextStatuses('on_hold', 'staff')).toEqual(['paid', 'in_production', 'canceled']);
    expect(nextStatuses('shipped', 'staff')).toEqual(['delivered']);
    for (const status of ORDER_STATUSES) {
      for (const rule of ORDER_TRANSITIONS[status]) {
        expect(rule.by.every((actor) => ORDER_ACTORS.includes(actor))).toBe(true);
        if (rule.by.includes('staff')) expect(rule.action).toBeTruthy();
      }
    }
  });

  it('holds only for a reason and releases only back to where the order was held from (ADR 0072)', () => {
    expect(transitionRule('paid', 'on_hold')).toMatchObject({ by: ['staff'], requires: ['hold_reason'] });
    expect(transitionRule('in_production', 'on_hold')).toMatchObject({
      by: ['staff'],
      requires: ['hold_reason'],
    });
    expect(transitionRule('on_hold', 'paid')?.requires).toEqual(['held_from']);
    expect(transitionRule('on_hold', 'in_production')?.requires).toEqual(['held_from']);
    expect(canTransition('on_hold', 'shipped')).toBe(false);
    expect(canTransition('shipped', 'on_hold')).toBe(false);
  });

  it('names both statuses when refusing a move', () => {
    expect(transitionRefusedText('BND-000042', 'shipped', 'in_production')).toBe(
      'Order BND-000042 is shipped; it cannot become in production.',
    );
    expect(transitionRefusedText('BND-000042', 'in_production', 'in_production')).toBe(
      'Order BND-000042 is already in production.',
    );
  });
});
