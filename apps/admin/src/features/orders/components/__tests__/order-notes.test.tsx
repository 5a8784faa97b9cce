import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminProductionRoutes, type OrderNote, type OrderNoteBody } from '@bindery/contracts/admin/production';
import { urlOf } from '@bindery/contracts/route';
import { server } from '#testing/msw-server.ts';
import { renderAdminRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';
import { detail, detailHandler } from '#testing/order-fixtures.ts';

const at = '2026-11-28T09:00:00.000Z';

function serveNotes(initial: OrderNote[]) {
  let notes = [...initial];
  const bodies: unknown[] = [];
  let next = 100;
  server.use(
    http.get(urlOf(adminProductionRoutes.listNotes), () => HttpResponse.json({ notes })),
    http.post(urlOf(adminProductionRoutes.addNote), async ({ request }) => {
      const body = (await request.json()) as OrderNoteBody;
      bodies.push(body);
      const note: OrderNote = { id: next++, body: body.body, internal: body.internal ?? true, author_name: 'Grace', created_at: at, updated_at: at };
      notes = [...notes, note];
      return HttpResponse.json({ note }, { status: 201 });
    }),
    http.patch(urlOf(adminProductionRoutes.editNote), async ({ request, params }) => {
      const body = (await request.json()) as Partial<OrderNote>;
      bodies.push(body);
      notes = notes.map((n) => (n.id === Number(params.noteId) ? { ...n, ...body } : n));
      return HttpResponse.json({ note: notes.find((n) => n.id === Number(params.noteId)) });
    }),
    http.delete(urlOf(adminProductionRoutes.deleteNote), ({ params }) => {
      notes = notes.filter((n) => n.id !== Number(params.noteId));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { bodies };
}

describe('Order Details: notes', () => {
  beforeEach(() => signInForTest());

  it('adds a note shown to the customer, edits one and deletes it', async () => {
    const order = detail(7, 'paid');
    server.use(detailHandler(new Map([[order.id, order]])));
    const { bodies } = serveNotes([
      { id: 1, body: 'Check the fonts', internal: true, author_name: 'Grace', created_at: at, updated_at: at },
    ]);
    renderAdminRoute(`/admin/order-info?id=${order.id}`);
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(await within(notes).findByText('Check the fonts')).toBeInTheDocument();
    expect(within(notes).getByText(/Internal · Grace/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(within(notes).getByLabelText('New note'), 'Printing on Monday');
    await user.click(within(notes).getByLabelText('Show to the customer on their order page'));
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Printing on Monday')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ body: 'Printing on Monday', internal: false });
    expect(within(notes).getByText(/Shown to the customer · Grace/)).toBeInTheDocument();

    const first = () => within(notes).getByText('Check the fonts').closest('li') as HTMLElement;
    await user.click(within(first()).getByRole('button', { name: 'Edit' }));
    const box = within(first()).getByLabelText('Edit note');
    await user.clear(box);
    await user.type(box, 'Fonts fixed');
    await user.click(within(notes).getByRole('button', { name: 'Save note' }));
    expect(await within(notes).findByText('Fonts fixed')).toBeInTheDocument();
    expect(bodies[1]).toEqual({ body: 'Fonts fixed' });

    const fixed = within(notes).getByText('Fonts fixed').closest('li') as HTMLElement;
    await user.click(within(fixed).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(notes).queryByText('Fonts fixed')).not.toBeInTheDocument());
    expect(within(notes).getByText('Printing on Monday')).toBeInTheDocument();
  });
});
