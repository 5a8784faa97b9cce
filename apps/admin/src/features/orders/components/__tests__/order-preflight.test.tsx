/**
 * Order Details shows each book's print check as saved with it (ADR 0070): its status, every check with its
 * message and pages; a book without a report says it was not checked.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { detail, detailHandler } from '#testing/order-fixtures.ts';

describe('Order Details: the print check of each book', () => {
  beforeEach(() => void signInForTest());

  it('lists the stored report’s checks with their pages; a book without one says so', async () => {
    const order = detail(7, 'paid');
    server.use(detailHandler(new Map([[7, order]]), []));
    renderAdminRoute('/admin/order-info?id=7');
    const check = await screen.findByRole('group', { name: 'Print check of Winter Poems' });
    expect(check).toHaveTextContent(
      'Printable; the customer reviewed these warnings. Checked against US Letter.',
    );
    const items = within(check).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'OK Page size: Every page is US Letter.',
      'Warning Blank pages (pages 4–7): Pages 4–7 are blank (3 or more in a row): they are printed as blank pages.',
    ]);
    expect(
      screen.getByText('No print check (an e-book, or a file uploaded before files were checked).'),
    ).toBeInTheDocument();
  });
});
