/**
 * Put on hold and the cancel window in Order Details (docs/decisions/0072): the hold dialog asks for a reason and
 * a message before anything is sent, sends them as the server reads them, shows the hold; a held order offers
 * only the release back to where it was; a paid order in its cancel window says when production may start.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, ChangeStatusBody } from '@bindery/contracts/admin/orders';
import { holdReasonTexts, holdTexts } from '@bindery/contracts/store/order-hold';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { detail, detailHandler, statusHandler } from '#testing/order-fixtures.ts';

const actions = () => within(screen.getByRole('region', { name: 'Actions' }));

async function open(order: AdminOrderDetail, bodies: ChangeStatusBody[] = []) {
  const map = new Map([[order.id, order]]);
  server.use(detailHandler(map), statusHandler(map, bodies));
  renderAdminRoute(`/admin/order-info?id=${order.id}`);
  await screen.findByRole('heading', { name: `Order ${order.order_number}`, level: 1 });
  return bodies;
}

/** Held for the cover's size; a replacement costs $4.20 more, unpaid. */
const COVER_HOLD = {
  reason: 'cover_size' as const,
  reason_label: 'Cover size',
  todo: holdReasonTexts.cover_size.todo,
  message: 'The spine is 0.2 in too narrow.',
  held_from: 'in_production' as const,
  since: '2026-11-22T09:00:00Z',
  price_difference: '4.20',
  difference_due: '4.20' as string | null,
  difference_paid: null as string | null,
};

describe('Order Details: on hold', () => {
  beforeEach(() => void signInForTest());

  it('asks for a reason and a message, then sends both for the customer to read', async () => {
    const bodies = await open(detail(7, 'in_production'));
    const user = userEvent.setup();
    await user.click(actions().getByRole('button', { name: 'Put on hold' }));
    const dialog = screen.getByRole('dialog', { name: 'Put on hold' });
    expect(dialog).toHaveAccessibleDescription(holdTexts.confirmHold('BND-000007'));
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(within(dialog).getByText(holdTexts.reasonRequired)).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await user.selectOptions(
      within(dialog).getByLabelText(holdTexts.reasonLabel),
      holdReasonTexts.fonts.label,
    );
    await user.type(within(dialog).getByLabelText(/Message to the customer/), 'Embed the fonts on page 3.');
    await user.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(await screen.findByText('Order BND-000007 is now on hold.')).toBeInTheDocument();
    expect(bodies).toEqual([
      { status: 'on_hold', note: 'Embed the fonts on page 3.', internal: false, hold_reason: 'fonts' },
    ]);
  });

  it('shows why an order is held and offers only the release back to where it was', async () => {
    const order = detail(8, 'on_hold', {
      next_statuses: ['in_production', 'canceled'],
      hold: COVER_HOLD,
    });
    await open(order);
    expect(actions().getByText(/Cover size — The spine is 0.2 in too narrow./)).toBeInTheDocument();
    expect(actions().getByText(holdTexts.differenceToPay('4.20'))).toBeInTheDocument();
    expect(
      actions()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Release hold', 'Cancel order', 'Refund']);
    const user = userEvent.setup();
    await user.click(actions().getByRole('button', { name: 'Release hold' }));
    expect(screen.getByRole('dialog', { name: 'Release hold' })).toHaveAccessibleDescription(
      holdTexts.confirmRelease('BND-000008', 'in production'),
    );
  });

  it('says when the customer has paid a higher difference (ADR 0077)', async () => {
    const order = detail(10, 'on_hold', {
      next_statuses: ['in_production', 'canceled'],
      hold: { ...COVER_HOLD, difference_due: null, difference_paid: '4.20' },
    });
    await open(order);
    expect(actions().getByText(holdTexts.differencePaidByCustomer('4.20'))).toBeInTheDocument();
  });

  it('says when Start production becomes possible while the customer may still cancel', async () => {
    const later = new Date(Date.now() + 30 * 60_000).toISOString();
    await open(detail(9, 'paid', { production_allowed_at: later }));
    expect(actions().getByText(/Start production is possible from/)).toBeInTheDocument();
  });
});
