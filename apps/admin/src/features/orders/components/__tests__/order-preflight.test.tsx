/**
 * Order Details shows each book's print checks as saved with it, the interior's (ADR 0070) and the cover's (ADR
 * 0069): their status, every check with its message (and the interior's pages); a book without a report says it was
 * not checked, and a book without a cover file has no cover check.
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

  it('shows the cover check beside the cover file, from the same order details', async () => {
    const order = detail(7, 'paid');
    server.use(detailHandler(new Map([[7, order]]), []));
    renderAdminRoute('/admin/order-info?id=7');
    const check = await screen.findByRole('group', { name: 'Cover check of Winter Poems' });
    expect(check).toHaveTextContent(
      'Printable, with the warnings the customer was shown. Checked against the full cover of 17.75 × 11.75 in (450.9 × 298.5 mm).',
    );
    expect(
      within(check)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'OK Cover size: The image (3550 × 2350 px) has the shape of this book’s full cover.',
      'Warning Image resolution: This image is 200 ppi at the size of the cover.',
    ]);
    // The second book has a cover expert request and no cover file: no cover check is shown for it.
    expect(screen.queryByRole('group', { name: 'Cover check of Class of 2026' })).toBeNull();
    expect(screen.queryByText(/No cover check/)).toBeNull();
  });
});
