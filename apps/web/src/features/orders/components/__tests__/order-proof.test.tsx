/**
 * A proof copy on the order page (ADR 0078): "Approve proof" once the order shipped, the approval sent for that
 * line only, then "Order copies" putting the book the proof was made of into the cart and going on to /shop.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { OrderResponse, type Order } from '@bindery/contracts/store/checkout';
import { CalculateResponse, catalogRoutes } from '@bindery/contracts/store/catalog';
import { projectRoutes } from '@bindery/contracts/store/projects';
import { proofRoutes, type ApproveProofBody } from '@bindery/contracts/store/proofs';
import { PRODUCTS } from '@bindery/pricing/products';
import { readCart } from '#lib/cart.ts';
import { order } from '#testing/checkout-fixtures.ts';
import { server } from '#testing/msw-server.ts';
import { myOrdersHandlers } from '#testing/order-fixtures.ts';
import { projectFixture } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest, testCustomer } from '#testing/session.ts';
import { defined } from '@bindery/ui/testing';

const p = messages.proofs;

function proofOrder(status: Order['status'], approvedAt: string | null = null): Order {
  const base = order({ id: 45, order_number: 'BND-000045', status, paid_at: '2026-11-22T10:05:00.000Z' });
  const novel = defined(base.items[0], 'the fixture’s first book');
  return {
    ...base,
    expires_at: null,
    items: [
      {
        ...novel,
        project_id: 31,
        quantity: 1,
        line_total: novel.cost_per_book,
        proof: { book_id: 11, copies: 500, approved_at: approvedAt },
      },
    ],
  };
}

function approveApi(answer: () => Response) {
  const bodies: ApproveProofBody[] = [];
  server.use(
    http.post(urlOf(proofRoutes.approve), async ({ request, params }) => {
      expect(params.id).toBe('45');
      bodies.push((await request.json()) as ApproveProofBody);
      return answer();
    }),
  );
  return bodies;
}

// A paid order of printed books offers 'Order again', which reads each book and today's price.
beforeEach(() => {
  server.use(
    http.get(urlOf(projectRoutes.get), ({ params }) =>
      HttpResponse.json(projectFixture({ id: Number(params['id']), status: 'ordered' })),
    ),
    ...(['calculator', 'photobook'] as const).map((slug) =>
      http.post(urlOf(catalogRoutes(PRODUCTS[slug]).calculate), () =>
        HttpResponse.json(
          CalculateResponse.parse({
            cost_per_book: '8.48',
            total_cost: '8.48',
            unit_price: '8.48',
            quantity: 1,
            currency: 'USD',
            tiers: [],
          }),
        ),
      ),
    ),
  );
});

describe('the proof copy on the order page', () => {
  it('approves a shipped proof, then Order copies puts the book in the cart and opens /shop', async () => {
    signInForTest();
    server.use(...myOrdersHandlers([proofOrder('shipped')]));
    const bodies = approveApi(() =>
      HttpResponse.json(OrderResponse.parse({ order: proofOrder('shipped', '2026-11-26T09:00:00.000Z') })),
    );
    const { router } = renderRoute('/orders/45');
    const section = await screen.findByRole('region', { name: p.approveTitle });
    // The book line says what it is.
    expect(screen.getByText(new RegExp(p.proofLine))).toBeInTheDocument();
    // A proof is not ordered again as a proof: its copies are ordered from the approval (ADR 0078).
    expect(screen.queryByRole('region', { name: messages.orderScreens.reorderTitle })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: `${p.approveButton}: My Novel` }));
    expect(await within(section).findByText(/Proof approved on Nov 26, 2026/)).toBeInTheDocument();
    expect(bodies).toEqual([{ project_id: 31 }]);
    expect(within(section).queryByRole('button', { name: `${p.approveButton}: My Novel` })).toBeNull();

    await user.click(within(section).getByRole('button', { name: `${p.orderCopiesButton}: My Novel` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    // The book itself (id 11, its own 500 copies), not the proof.
    expect(readCart(testCustomer.id)).toEqual([{ id: 11, title: 'My Novel', category: 'Print Book' }]);
  });

  it('offers no approval before the proof has shipped', async () => {
    signInForTest();
    server.use(...myOrdersHandlers([proofOrder('in_production')]));
    renderRoute('/orders/45');
    const section = await screen.findByRole('region', { name: p.approveTitle });
    expect(within(section).getByText(new RegExp(p.notYetArrived))).toBeInTheDocument();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it("shows the server's refusal and keeps the button", async () => {
    signInForTest();
    server.use(...myOrdersHandlers([proofOrder('delivered')]));
    approveApi(() =>
      HttpResponse.json(
        { error: p.alreadyApproved, code: 'PROOF_ALREADY_APPROVED', statusCode: 409 },
        { status: 409 },
      ),
    );
    renderRoute('/orders/45');
    const section = await screen.findByRole('region', { name: p.approveTitle });
    await userEvent
      .setup()
      .click(within(section).getByRole('button', { name: `${p.approveButton}: My Novel` }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(p.alreadyApproved);
  });

  it('shows nothing of proofs on an order without one', async () => {
    signInForTest();
    server.use(
      ...myOrdersHandlers([order({ id: 45, status: 'shipped', paid_at: '2026-11-22T10:05:00.000Z' })]),
    );
    renderRoute('/orders/45');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: p.approveTitle })).toBeNull();
    expect(screen.getByRole('region', { name: messages.orderScreens.reorderTitle })).toBeInTheDocument();
  });
});
