/**
 * Price history against msw (docs/decisions/0063): the changes with who, what, from, to and when; a click on an
 * editor narrows the list to their changes (sent to the server); the search is sent to the server; and with
 * ?category&at (the link from Order Details) the category's prices then, beside today's.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminPriceChangeRoutes, type PriceChange, type PricesAtResponse } from '@bindery/contracts/admin/price-changes';
import { urlOf } from '@bindery/contracts/route';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { defined } from '@bindery/ui/testing';

const change = (overrides: Partial<PriceChange>): PriceChange => ({
  id: 1,
  changed_at: '2026-11-20T15:30:00.000000Z',
  category: 'magazine',
  category_name: 'Magazine',
  kind: 'paper_type',
  kind_label: 'Paper Types',
  item_id: 40,
  item_name: '80# Gloss Text',
  field: 'price_per_page',
  old_price: '0.0300',
  new_price: '0.0325',
  changed_by: { id: 7, name: 'Alice Editor', email: 'alice@bindery.test' },
  ...overrides,
});

function priceChangesApi(list: PriceChange[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(urlOf(adminPriceChangeRoutes.list), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const editor = query.get('editor');
      const q = query.get('q');
      const data = list.filter(
        (c) => (!editor || String(c.changed_by?.id) === editor) && (!q || c.item_name.includes(q)),
      );
      return HttpResponse.json({ data, next_cursor: null });
    }),
  );
  return queries;
}

const rows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

describe('Price history', () => {
  it('is in the sidebar and lists who changed which price from what to what, and when', async () => {
    priceChangesApi([
      change({ id: 2 }),
      change({ id: 1, item_name: 'Matte', kind_label: 'Cover Finishes', field: 'price', old_price: '1.0000', new_price: '1.2500', changed_by: null }),
    ]);
    signInForTest();
    renderAdminRoute('/admin/price-history');
    expect(await screen.findByRole('heading', { name: 'Price history', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Price history' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(rows('Price changes')).toHaveLength(2));
    const [first, second] = rows('Price changes');
    expect(first).toHaveTextContent('Magazine');
    expect(first).toHaveTextContent('Paper Types: 80# Gloss Text');
    expect(first).toHaveTextContent('$0.03 → $0.0325 per page');
    expect(first).toHaveTextContent('Alice Editor');
    expect(first).toHaveTextContent('Nov 20, 2026');
    expect(second).toHaveTextContent('$1.00 → $1.25 per book');
    expect(second).toHaveTextContent('A removed account');
  });

  it("narrows to one editor's changes and searches by option name on the server", async () => {
    const user = userEvent.setup();
    const queries = priceChangesApi([change({ id: 2 }), change({ id: 1, item_name: 'Matte', changed_by: { id: 8, name: 'Bob', email: 'bob@bindery.test' } })]);
    signInForTest();
    renderAdminRoute('/admin/price-history');
    await waitFor(() => expect(rows('Price changes')).toHaveLength(2));
    await user.click(within(defined(rows('Price changes')[1])).getByRole('button', { name: 'Bob' }));
    await waitFor(() => expect(rows('Price changes')).toHaveLength(1));
    expect(queries.at(-1)?.get('editor')).toBe('8');
    await user.click(screen.getByRole('button', { name: 'Show every editor' }));
    await waitFor(() => expect(rows('Price changes')).toHaveLength(2));

    await user.type(screen.getByRole('searchbox', { name: 'Search options' }), 'Gloss');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('Gloss'));
    await waitFor(() => expect(rows('Price changes')).toHaveLength(1));
  });

  it('shows a category’s prices as they stood at a moment, beside today’s', async () => {
    priceChangesApi([]);
    const asked: URLSearchParams[] = [];
    const answer: PricesAtResponse = {
      category: 'magazine',
      category_name: 'Magazine',
      at: '2026-11-01T10:00:00.000Z',
      items: [
        { item_id: 40, kind: 'paper_type', kind_label: 'Paper Types', name: '80# Gloss Text', price_then: '0.0300', price_now: '0.0325', changed_since: true },
        { item_id: 41, kind: 'paper_type', kind_label: 'Paper Types', name: '70# Uncoated', price_then: '0.0200', price_now: '0.0200', changed_since: false },
      ],
    };
    server.use(
      http.get(urlOf(adminPriceChangeRoutes.pricesAt), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(answer);
      }),
    );
    signInForTest();
    renderAdminRoute('/admin/price-history?category=magazine&at=2026-11-01T10:00:00.000Z');
    const title = /Magazine prices in force on Nov 1, 2026/;
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(asked[0]?.get('category')).toBe('magazine');
    expect(asked[0]?.get('at')).toBe('2026-11-01T10:00:00.000Z');
    const [gloss, uncoated] = rows(defined(screen.getByRole('heading', { name: title }).textContent));
    expect(gloss).toHaveTextContent('$0.03');
    expect(gloss).toHaveTextContent('$0.0325 (changed since)');
    expect(uncoated).not.toHaveTextContent('changed since');
  });
});
