import { render, screen } from '@testing-library/react';
import { ORDER_STATUSES, orderStatusLabel } from '@bindery/contracts/order-lifecycle';
import { REJECTED, WITH_REJECTED, unhandledStatuses } from '@bindery/contracts/testing/order-statuses';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge, orderStatusTone } from './order-status-badge.js';

describe('OrderStatusBadge', () => {
  it('shows each status in the lifecycle’s words', () => {
    for (const status of ORDER_STATUSES) {
      const { unmount } = render(<OrderStatusBadge status={status} />);
      expect(screen.getByText(orderStatusLabel(status))).toBeInTheDocument();
      unmount();
    }
  });

  it('has a colour for every status, and would point at a status added to the table (docs/decisions/0057)', () => {
    expect(unhandledStatuses(ORDER_STATUSES, orderStatusTone)).toEqual([]);
    expect(unhandledStatuses(WITH_REJECTED, orderStatusTone)).toEqual([REJECTED]);
  });
});
