/**
 * "Order a proof copy" on Your Projects (ADR 0078): the server makes the one-copy draft, the SPA puts that draft
 * (never the book) in the cart and opens /orders; an e-book offers no proof, and a refusal is shown as the server
 * says it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { urlOf } from '@bindery/contracts/route';
import { ProofResponse, proofRoutes } from '@bindery/contracts/store/proofs';
import { readCart } from '#lib/cart.ts';
import { server } from '#testing/msw-server.ts';
import { myBooksHandler, pricedAt, projectFixture } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const p = messages.proofs;

const book = pricedAt('2003.55', { id: 1, title: 'Big Run', category: 'Print Book', quantity: 500 });
const ebook = projectFixture({ id: 2, title: 'Digital', category: 'e Book', price: null });
const proof = pricedAt('21.09', {
  id: 9,
  title: 'Big Run',
  category: 'Print Book',
  quantity: 1,
  proof_of: 1,
});

describe('Order a proof copy', () => {
  it('puts the server’s one-copy draft in the cart and opens /orders; no proof of an e-book or of a proof', async () => {
    signInForTest();
    const asked: string[] = [];
    let books = [book, ebook];
    server.use(
      myBooksHandler(() => books),
      http.post(urlOf(proofRoutes.order), ({ params }) => {
        asked.push(String(params['id']));
        books = [...books, proof];
        return HttpResponse.json(ProofResponse.parse({ message: p.ordered, project: proof }), {
          status: 201,
        });
      }),
    );
    const { router } = renderRoute('/userdashboard');
    const row = (await screen.findByText('Digital')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: new RegExp(p.orderButton) })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: `${p.orderButton}: Big Run` }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(asked).toEqual(['1']);
    expect(readCart(7)).toEqual([{ id: 9, title: 'Big Run', category: 'Print Book' }]);
  });

  it('marks a proof draft and offers no proof of it', async () => {
    signInForTest();
    server.use(myBooksHandler([proof]));
    renderRoute('/userdashboard');
    const row = (await screen.findByText('Big Run')).closest('tr') as HTMLElement;
    expect(within(row).getByText(new RegExp(`1 copy · ${p.badge}`))).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: new RegExp(p.orderButton) })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    signInForTest();
    server.use(
      myBooksHandler([book]),
      http.post(urlOf(proofRoutes.order), () =>
        HttpResponse.json(
          { error: p.notOrderable, code: 'INVALID_CONFIGURATION', statusCode: 400 },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/userdashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: `${p.orderButton}: Big Run` }));
    expect(await screen.findByRole('alert')).toHaveTextContent(p.notOrderable);
  });
});
