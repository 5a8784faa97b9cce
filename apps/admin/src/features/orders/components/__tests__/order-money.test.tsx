import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrderDetail, RefundBody } from '@bindery/contracts/admin/orders';
import type { ErrorBody } from '@bindery/contracts/common';
import { messages } from '@bindery/contracts/messages';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { detail, detailHandler, reconcileHandler, refundHandler } from '#testing/order-fixtures.ts';
import { defined } from '@bindery/ui/testing';

const s = messages.orderScreens;

const section = (name: string) => screen.getByRole('region', { name });
const buttons = () =>
  within(section('Actions'))
    .queryAllByRole('button')
    .map((b) => b.textContent);
const facts = (name: string) =>
  within(section(name))
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

function serve(order: AdminOrderDetail, fail?: () => Response) {
  const map = new Map([[order.id, order]]);
  const bodies: RefundBody[] = [];
  server.use(detailHandler(map), refundHandler(map, bodies, fail));
  return { map, bodies };
}

async function open(order: AdminOrderDetail) {
  renderAdminRoute(`/admin/order-info?id=${order.id}`);
  await screen.findByRole('heading', { name: `Order ${order.order_number}`, level: 1 });
}

describe('Order Details: Refund', () => {
  beforeEach(() => void signInForTest());

  it('is offered while money is left to refund, and not for an unpaid order', async () => {
    serve(detail(7, 'shipped'));
    await open(detail(7, 'shipped'));
    expect(buttons()).toContain(s.refund);
    const unpaid = detail(8, 'awaiting_payment');
    serve(unpaid);
    renderAdminRoute('/admin/order-info?id=8');
    await screen.findByRole('heading', { name: 'Order BND-000008', level: 1 });
    expect(
      within(defined(screen.getAllByRole('region', { name: 'Actions' }).at(-1))).queryByRole('button', {
        name: s.refund,
      }),
    ).not.toBeInTheDocument();
  });

  it('refunds all that is left only when staff choose it ("Refund everything" fills the amount), with the reason; a full refund before shipping cancels the order', async () => {
    const order = detail(7, 'paid');
    const { bodies } = serve(order);
    await open(order);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: s.refund }));
    const dialog = screen.getByRole('dialog', { name: s.refund });
    expect(dialog).toHaveAccessibleDescription(s.refundConfirm('BND-000007', '$75.65'));
    const amount = within(dialog).getByLabelText(/^Amount in USD/);
    expect(amount).toHaveFocus();
    expect(amount).toBeRequired();
    // The amount and the reason are required before anything is sent: an empty amount is not "everything".
    await user.click(within(dialog).getByRole('button', { name: s.refund }));
    expect(amount).toHaveAccessibleDescription(`${s.refundAmountHint('$75.65')} ${s.refundAmountInvalid('$75.65')}`);
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(s.refundReasonRequired);
    expect(bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: `${s.refundEverything} ($75.65)` }));
    expect(amount).toHaveValue('75.65');
    await user.type(within(dialog).getByLabelText('Reason'), 'Customer canceled');
    await user.click(within(dialog).getByRole('button', { name: s.refund }));
    expect(await screen.findByText(s.refundDone('$75.65', 'BND-000007'))).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'Customer canceled', amount_cents: 7565 }]);
    expect(facts('Basic Information')).toContainEqual(['Status', 'Canceled']);
    expect(facts('Payment')).toEqual(
      expect.arrayContaining([
        ['Refunded', '$75.65'],
        ['Left to refund', '$0.00'],
      ]),
    );
    const refunds = within(section('Payment')).getByRole('table', { name: 'Refunds' });
    expect(within(refunds).getAllByRole('row')[1]).toHaveTextContent(
      /\$75\.65Customer canceledAdministratorre_test_1Refunded/,
    );
    expect(buttons()).toEqual([]);
    expect(within(section('Actions')).getByText(s.noActions)).toBeInTheDocument();
  });

  it('refunds a part in cents, and checks the amount first (a number, more than nothing, at most what is left)', async () => {
    const order = detail(7, 'shipped');
    const { bodies } = serve(order);
    await open(order);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: s.refund }));
    const dialog = screen.getByRole('dialog');
    const amount = within(dialog).getByLabelText(/^Amount in USD/);
    await user.type(within(dialog).getByLabelText('Reason'), 'One copy damaged');
    for (const wrong of ['ten', '0', '75.66', '1.234']) {
      await user.clear(amount);
      await user.type(amount, wrong);
      await user.click(within(dialog).getByRole('button', { name: s.refund }));
      expect(amount).toHaveAccessibleDescription(
        `${s.refundAmountHint('$75.65')} ${s.refundAmountInvalid('$75.65')}`,
      );
    }
    expect(bodies).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '$10.5');
    await user.click(within(dialog).getByRole('button', { name: s.refund }));
    expect(await screen.findByText(s.refundDone('$10.50', 'BND-000007'))).toBeInTheDocument();
    expect(bodies).toEqual([{ reason: 'One copy damaged', amount_cents: 1050 }]);
    // Shipped and partly refunded: still shipped, the rest can still be refunded.
    expect(facts('Basic Information')).toContainEqual(['Status', 'Shipped']);
    expect(facts('Payment')).toContainEqual(['Left to refund', '$65.15']);
    expect(buttons()).toContain(s.refund);
  });

  it("shows the provider's refusal (a 502) in the dialog and keeps it open", async () => {
    const order = detail(7, 'paid');
    serve(order, () =>
      HttpResponse.json<ErrorBody>(
        { error: 'Your card was declined for refunds.', code: 'PROVIDER_ERROR', statusCode: 502 },
        { status: 502 },
      ),
    );
    await open(order);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: s.refund }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Amount in USD/), '5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Late');
    await user.click(within(dialog).getByRole('button', { name: s.refund }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card was declined for refunds.');
    expect(facts('Basic Information')).toContainEqual(['Status', 'Paid']);
  });
});

describe('Order Details: Reconcile with the provider', () => {
  beforeEach(() => void signInForTest());

  const withAttempt = () =>
    detail(9, 'awaiting_payment', {
      payments: [
        {
          id: 6,
          provider: 'stripe',
          method: 'card',
          provider_reference: 'cs_test_lost',
          charge_reference: null,
          amount: '75.65',
          status: 'created',
          created_at: '2026-11-21T12:31:00Z',
        },
      ],
    });

  it('is offered for an unpaid order with an open attempt; a lost webhook ends in paid', async () => {
    const order = withAttempt();
    const map = new Map([[order.id, order]]);
    const calls: number[] = [];
    server.use(detailHandler(map), reconcileHandler(map, 'paid', calls));
    await open(order);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: s.reconcile }));
    const dialog = screen.getByRole('alertdialog', { name: s.reconcile });
    expect(dialog).toHaveAccessibleDescription(s.reconcileConfirm('BND-000009'));
    await user.click(within(dialog).getByRole('button', { name: s.reconcile }));
    expect(await screen.findByText('Stripe cs_test_lost: paid: the order is now paid.')).toBeInTheDocument();
    expect(calls).toEqual([9]);
    expect(facts('Basic Information')).toContainEqual(['Status', 'Paid']);
    expect(buttons()).not.toContain(s.reconcile);
  });

  it('says what the provider answered when nothing was paid', async () => {
    const order = withAttempt();
    const map = new Map([[order.id, order]]);
    server.use(detailHandler(map), reconcileHandler(map, 'open'));
    await open(order);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: s.reconcile }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: s.reconcile }));
    expect(await screen.findByText('Stripe cs_test_lost: not paid yet.')).toBeInTheDocument();
    await waitFor(() => expect(facts('Basic Information')).toContainEqual(['Status', 'Awaiting payment']));
  });

  it('is not offered without an open attempt (nothing to ask the provider about)', async () => {
    const order = detail(9, 'awaiting_payment');
    serve(order);
    await open(order);
    expect(buttons()).toEqual([messages.orders.actions.cancel]);
  });
});
