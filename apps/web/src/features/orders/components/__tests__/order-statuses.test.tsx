/**
 * The "one more status" thought experiment for the customer's order page (docs/decisions/0057): every status of the
 * lifecycle has its place on the progress line (or none) and its words in the timeline, and the same walk over
 * the fixture table with `rejected` points at the progress line, as it would if the status were added to
 * ORDER_STATUSES without a place there.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, orderStatusLabel } from '@bindery/contracts/order-lifecycle';
import { REJECTED, WITH_REJECTED, unhandledStatuses } from '@bindery/contracts/testing/order-statuses';
import { order } from '#testing/checkout-fixtures.ts';
import { PROGRESS, progressStep } from '../../lib/order-display';
import { Progress, Timeline } from '../order-progress';

describe('every order status on the order page', () => {
  it('has a place on the progress line, or none, and a status added to a fixture table has neither', () => {
    expect(unhandledStatuses(ORDER_STATUSES, progressStep)).toEqual([]);
    expect(unhandledStatuses(WITH_REJECTED, progressStep)).toEqual([REJECTED]);
    expect(PROGRESS).toEqual(['awaiting_payment', 'paid', 'in_production', 'shipped', 'delivered']);
  });

  it.each(ORDER_STATUSES)('%s: the line marks it as the current step, or is not shown', (status) => {
    const at = '2026-11-22T10:00:00.000Z';
    const { container } = render(
      <>
        <Progress order={order({ status })} />
        <Timeline order={order({ status, timeline: [{ from: null, status, at, note: null }] })} />
      </>,
    );
    const current = container.querySelector('[aria-current="step"]');
    if (progressStep(status) === null) expect(screen.queryByLabelText('Order progress')).toBeNull();
    else expect(current).toHaveTextContent(orderStatusLabel(status));
    expect(screen.getByLabelText('Status history, oldest first')).toHaveTextContent(
      `Order placed: ${orderStatusLabel(status)}`,
    );
  });
});
