/** A proof copy in Order Details (ADR 0078): its book says "PROOF — not for resale", and when it was approved. */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { detail, detailHandler } from '#testing/order-fixtures.ts';
import { defined } from '@bindery/ui/testing';

describe('Order Details of a proof copy', () => {
  beforeEach(() => void signInForTest());

  it('marks the proof book, with its approval, and no other book', async () => {
    const base = detail(9, 'shipped');
    const [first, ...others] = base.items;
    const order = {
      ...base,
      items: [
        {
          ...defined(first, 'a book'),
          proof: { book_id: 3, copies: 500, approved_at: '2026-11-26T09:00:00.000Z' },
        },
        ...others,
      ],
    };
    server.use(detailHandler(new Map([[9, order]])));
    renderAdminRoute('/admin/order-info?id=9');
    const marks = await screen.findAllByTestId('proof-mark');
    expect(marks).toHaveLength(1);
    const mark = defined(marks[0], 'the mark');
    expect(mark).toHaveTextContent(messages.proofs.mark);
    expect(mark).toHaveTextContent(/approved by the customer 11\/26\/2026/);
    expect(
      within(mark.closest('section') as HTMLElement).getByRole('heading', { level: 3 }),
    ).toHaveTextContent(defined(first, 'a book').title);
  });
});
