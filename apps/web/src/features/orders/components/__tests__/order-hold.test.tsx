/**
 * The order page's hold and cancel window (docs/decisions/0072): what is wrong and what to do, a replacement file
 * uploaded then kept by replace-file (or the server's refusal shown), and the cancel within the window, asked first.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from '@bindery/contracts/route';
import { paymentRoutes, type CreateCheckoutSessionBody } from '@bindery/contracts/store/payments';
import { OrderResponse, type Order } from '@bindery/contracts/store/checkout';
import {
  orderHoldRoutes,
  type ChangeAddressBody,
  type ReplaceFileBody,
} from '@bindery/contracts/store/order-changes';
import { holdReasonTexts, orderHoldTexts as h } from '@bindery/contracts/store/order-hold';
import { orderNoteRoutes } from '@bindery/contracts/store/order-notes';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { order } from '#testing/checkout-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { myOrdersHandlers } from '#testing/order-fixtures.ts';
import { uploadedFixture } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { LeaveSiteProvider } from '#lib/leave-site.tsx';
import { signInForTest } from '#testing/session.ts';

/** What the browser does when Back shows the page from its back/forward cache (ADR 0052). */
const restoreFromHistory = () =>
  act(() => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  });

const UPLOAD_ID = '7b4f3b5e-3f0e-4c39-9d5e-2d5f8c1b9a10';
const hold = {
  reason: 'fonts' as const,
  reason_label: 'Fonts',
  todo: holdReasonTexts.fonts.todo,
  message: 'Two fonts on page 3 are not embedded.',
  held_from: 'paid' as const,
  since: '2026-11-23T09:00:00.000Z',
  price_difference: null,
  difference_due: null,
  difference_paid: null,
};
const held = order({
  id: 50,
  order_number: 'BND-000050',
  status: 'on_hold',
  payment_method: 'card',
  paid_at: '2026-11-22T10:05:00.000Z',
  expires_at: null,
  hold,
});

function serve(o: Order, answer?: () => Response) {
  const bodies: {
    upload: string[];
    replace: ReplaceFileBody[];
    cancel: number;
    address: ChangeAddressBody[];
  } = {
    upload: [],
    replace: [],
    cancel: 0,
    address: [],
  };
  server.use(
    ...myOrdersHandlers([o]),
    http.get(urlOf(orderNoteRoutes.list), () => HttpResponse.json({ notes: [] })),
    // "Order again" reads today's price of each book: not this test's concern.
    http.get(urlOf(projectRoutes.get), () =>
      HttpResponse.json({ error: 'Not found', code: 'NOT_FOUND', statusCode: 404 }, { status: 404 }),
    ),
    http.post(urlOf(projectRoutes.upload), async ({ request }) => {
      const purpose = (await request.formData()).get('purpose');
      bodies.upload.push(typeof purpose === 'string' ? purpose : '');
      return HttpResponse.json(uploadedFixture({ id: UPLOAD_ID, purpose: 'interior' }), { status: 201 });
    }),
    http.post(urlOf(orderHoldRoutes.replaceFile), async ({ request }) => {
      bodies.replace.push((await request.json()) as ReplaceFileBody);
      if (answer) return answer();
      const timeline = [
        ...o.timeline,
        { from: o.status, status: o.status, at: o.created_at, note: 'New interior' },
      ];
      return HttpResponse.json(OrderResponse.parse({ order: { ...o, timeline } }));
    }),
    http.put(urlOf(orderHoldRoutes.changeAddress), async ({ request }) => {
      const body = (await request.json()) as ChangeAddressBody;
      bodies.address.push(body);
      if (body.address.postal_code === '94607') {
        return HttpResponse.json(
          { error: 'Change the street, city or ZIP only.', code: 'ADDRESS_OTHER_STATE', statusCode: 409 },
          { status: 409 },
        );
      }
      return HttpResponse.json(
        OrderResponse.parse({ order: { ...o, address: { ...o.address, ...body.address } } }),
      );
    }),
    http.post(urlOf(orderHoldRoutes.cancel), () => {
      bodies.cancel += 1;
      return HttpResponse.json(
        OrderResponse.parse({
          order: { ...o, status: 'canceled', cancelable_until: null, refunded: o.total },
        }),
      );
    }),
  );
  return bodies;
}

describe('/orders/:id on hold', () => {
  beforeEach(() => void signInForTest());

  it('asks for a higher difference with the payment form, for the difference alone (ADR 0077)', async () => {
    serve({ ...held, hold: { ...hold, price_difference: '12.34', difference_due: '12.34' } });
    const bodies: CreateCheckoutSessionBody[] = [];
    server.use(
      http.post(urlOf(paymentRoutes.createCheckoutSession), async ({ request }) => {
        bodies.push((await request.json()) as CreateCheckoutSessionBody);
        return HttpResponse.json({ id: 'cs_test_9', url: 'https://checkout.stripe.test/c/cs_test_9' });
      }),
    );
    const leave = vi.fn<(url: string) => void>();
    renderRoute(`/orders/${held.id}`, (router) => <LeaveSiteProvider value={leave}>{router}</LeaveSiteProvider>);
    const section = await screen.findByRole('region', { name: h.heading });
    expect(within(section).getByRole('heading', { name: h.payDifference('12.34') })).toBeInTheDocument();
    await userEvent.setup().click(within(section).getByRole('button', { name: 'Pay $12.34 by card' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://checkout.stripe.test/c/cs_test_9'));
    expect(bodies).toEqual([{ order_id: held.id, purpose: 'difference' }]);
  });

  it('comes back from the provider\u2019s page (the back/forward cache) ready to pay again, then reads it paid', async () => {
    const due = { ...held, hold: { ...hold, price_difference: '12.34', difference_due: '12.34' } };
    serve(due);
    server.use(
      http.post(urlOf(paymentRoutes.createCheckoutSession), () =>
        HttpResponse.json({ id: 'cs_test_9', url: 'https://checkout.stripe.test/c/cs_test_9' }),
      ),
    );
    const user = userEvent.setup();
    const leave = vi.fn<(url: string) => void>();
    renderRoute(`/orders/${held.id}`, (router) => <LeaveSiteProvider value={leave}>{router}</LeaveSiteProvider>);
    const section = await screen.findByRole('region', { name: h.heading });
    await user.click(within(section).getByRole('button', { name: 'Pay $12.34 by card' }));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    // Left for the provider: the form stays busy until the browser has gone.
    expect(within(section).getByRole('button', { name: 'Pay $12.34 by card' })).toBeDisabled();

    restoreFromHistory();
    const again = await screen.findByRole('button', { name: 'Pay $12.34 by card' });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(2));

    // Paid at the provider meanwhile: the order read on the next return says so.
    serve({ ...held, hold: { ...hold, price_difference: '12.34', difference_paid: '12.34' } });
    restoreFromHistory();
    expect(await screen.findByText(h.differencePaid('12.34'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('says a paid difference is paid, and asks for nothing', async () => {
    serve({ ...held, hold: { ...hold, price_difference: '12.34', difference_paid: '12.34' } });
    renderRoute(`/orders/${held.id}`);
    const section = await screen.findByRole('region', { name: h.heading });
    expect(await within(section).findByText(h.differencePaid('12.34'))).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('says what is wrong and what to do, and keeps a new interior that passes the checks', async () => {
    const bodies = serve(held);
    renderRoute(`/orders/${held.id}`);
    const section = await screen.findByRole('region', { name: h.heading });
    expect(section).toHaveTextContent(h.whatIsWrong('Fonts'));
    expect(section).toHaveTextContent('Two fonts on page 3 are not embedded.');
    expect(section).toHaveTextContent(holdReasonTexts.fonts.todo);
    const user = userEvent.setup();
    const [first] = within(section).getAllByLabelText(h.newInterior);
    await user.upload(first as HTMLElement, new File(['%PDF-1.7'], 'fixed.pdf', { type: 'application/pdf' }));
    expect(await within(section).findByText(h.replacedFor('My Novel', 'interior'))).toBeInTheDocument();
    expect(bodies.upload).toEqual(['interior']);
    expect(bodies.replace).toEqual([{ project_id: 11, pdf_upload_id: UPLOAD_ID }]);
  });

  it('shows the server’s refusal of a file that fails the checks', async () => {
    serve(held, () =>
      HttpResponse.json(
        { error: 'Pages 1–40 are 5 × 5 in, not US Trade.', code: 'PREFLIGHT_FAILED', statusCode: 400 },
        { status: 400 },
      ),
    );
    renderRoute(`/orders/${held.id}`);
    const section = await screen.findByRole('region', { name: h.heading });
    const [first] = within(section).getAllByLabelText(h.newInterior);
    await userEvent
      .setup()
      .upload(first as HTMLElement, new File(['%PDF'], 'small.pdf', { type: 'application/pdf' }));
    expect(await within(section).findByText('Pages 1–40 are 5 × 5 in, not US Trade.')).toBeInTheDocument();
  });
});

/** A paid order still in its cancel window. */
const inWindow = (id: number) =>
  order({
    id,
    order_number: `BND-0000${id}`,
    status: 'paid',
    payment_method: 'card',
    paid_at: '2026-11-22T10:05:00.000Z',
    expires_at: null,
    cancelable_until: '2026-11-22T11:05:00.000Z',
  });

describe('/orders/:id in its cancel window', () => {
  beforeEach(() => void signInForTest());

  it('cancels only after the customer confirms, and shows the order canceled and refunded', async () => {
    const paid = inWindow(51);
    const bodies = serve(paid);
    renderRoute(`/orders/${paid.id}`);
    const section = await screen.findByRole('region', { name: h.cancelHeading });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: h.cancelOrder }));
    expect(bodies.cancel).toBe(0);
    expect(section).toHaveTextContent(h.cancelConfirm('BND-000051', paid.total));
    await user.click(within(section).getByRole('button', { name: h.cancelYes }));
    expect(await screen.findByText('Canceled', { selector: '.b-badge, span' })).toBeInTheDocument();
    expect(bodies.cancel).toBe(1);
    expect(screen.queryByRole('region', { name: h.cancelHeading })).toBeNull();
  });

  it('changes the street within the window and shows the server’s refusal of another state', async () => {
    const paid = inWindow(52);
    const bodies = serve(paid);
    renderRoute(`/orders/${paid.id}`);
    const section = await screen.findByRole('region', { name: h.cancelHeading });
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: h.changeAddress }));
    const form = within(section).getByRole('form', { name: h.changeAddress });
    await user.clear(within(form).getByLabelText(/^Address/));
    await user.type(within(form).getByLabelText(/^Address/), '200 Lavaca St');
    await user.click(within(form).getByRole('button', { name: h.saveAddress }));
    expect(await within(form).findByText(h.addressSaved)).toBeInTheDocument();
    expect(bodies.address.at(-1)?.address).toMatchObject({
      address: '200 Lavaca St',
      state: paid.address.state,
    });
    await user.clear(within(form).getByLabelText(/^ZIP/));
    await user.type(within(form).getByLabelText(/^ZIP/), '94607');
    await user.click(within(form).getByRole('button', { name: h.saveAddress }));
    expect(await within(form).findByText('Change the street, city or ZIP only.')).toBeInTheDocument();
  });
});
