import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminProductionRoutes as r, type ProductionOrder } from '@bindery/contracts/admin/production';
import { urlOf } from '@bindery/contracts/route';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const options = {
  trim_size: 'US Trade',
  binding_type: 'Perfect Bound',
  interior_color: 'Black & White',
  paper_type: '60# White',
  cover_finish: 'Matte',
  extras: {},
};
/** Order 2 is a proof copy (ADR 0078). */
const order = (id: number): ProductionOrder => ({
  id,
  order_number: `BND-${String(id).padStart(6, '0')}`,
  status: 'paid',
  paid_at: '2026-11-28T08:00:00.000Z',
  customer_name: `Reader ${id}`,
  books: [{ item_id: id * 10, position: 1, title: 'Poems', quantity: 2, page_count: 40, options, proof: id === 2 }],
  book_count: 2,
  page_count: 80,
  proof_count: id === 2 ? 1 : 0,
});

function serve() {
  const lists: URLSearchParams[] = [];
  server.use(
    http.get(urlOf(r.groups), () =>
      HttpResponse.json({
        groups: [
          {
            binding: 'Perfect Bound',
            trim: 'US Trade',
            paper: '60# White',
            colour: 'Black & White',
            orders: 2,
            books: 4,
            pages: 160,
            oldest_paid_at: '2026-11-28T08:00:00.000Z',
          },
        ],
      }),
    ),
    http.get(urlOf(r.list), ({ request }) => {
      const q = new URL(request.url).searchParams;
      lists.push(q);
      return HttpResponse.json(
        q.get('cursor') ? { data: [order(2)], next_cursor: null } : { data: [order(1)], next_cursor: 'c1' },
      );
    }),
  );
  return { lists };
}

describe('Production', () => {
  beforeEach(() => signInForTest());

  it('shows the groups with their counts and the queue a page at a time; a group narrows the queue', async () => {
    const { lists } = serve();
    renderAdminRoute('/admin/production');
    const groups = await screen.findByRole('region', { name: 'Made together' });
    const row = (await within(groups).findByText('Perfect Bound · US Trade · 60# White · Black & White')).closest('tr') as HTMLElement;
    expect([...row.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent)).toEqual(['2', '4', '160']);
    expect(within(row).getByRole('button', { name: 'Print batch' })).toBeInTheDocument();

    const queue = screen.getByRole('list', { name: 'Orders to make' });
    expect(await within(queue).findByText(/BND-000001 · Reader 1 · 2 books · 80 pages/)).toBeInTheDocument();
    expect(within(queue).getByRole('button', { name: 'Job ticket' })).toBeInTheDocument();
    expect(within(queue).getByRole('button', { name: 'BND-000001-1-interior.pdf' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(queue).findByText(/BND-000002 · Reader 2/)).toBeInTheDocument();
    // The proof order says so; the other does not (ADR 0078).
    expect(within(queue).getAllByTestId('proof-badge').map((b) => b.textContent)).toEqual([
      'PROOF ×1: PROOF — not for resale',
    ]);
    expect(lists.at(-1)?.get('cursor')).toBe('c1');

    await user.click(within(row).getByRole('button', { name: 'Show orders' }));
    await waitFor(() => expect(lists.at(-1)?.get('binding')).toBe('Perfect Bound'));
    expect(lists.at(-1)?.get('colour')).toBe('Black & White');
  });
});
