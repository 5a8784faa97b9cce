/**
 * The notes staff wrote to the customer about their order (GET api/orders/{id}/notes/; docs/decisions/0071):
 * nothing when there are none, and nothing when they cannot be read (the rest of the page stands on its own).
 */
import { useQuery } from '@tanstack/react-query';
import { orderNoteRoutes } from '@bindery/contracts/store/order-notes';
import { api } from '#lib/api-client.ts';
import { formatDateTime } from '../lib/order-display';

export function OrderNotes({ orderId }: { orderId: number }) {
  const notes = useQuery({
    queryKey: ['orders', orderId, 'notes'],
    queryFn: ({ signal }) => api.call(orderNoteRoutes.list, { params: { id: orderId } }, { signal }),
  });
  const list = notes.data?.notes ?? [];
  if (list.length === 0) return null;
  return (
    <section className="b-card b-stack" aria-labelledby="order-notes">
      <h2 id="order-notes">Notes from us</h2>
      <ul className="b-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((note) => (
          <li key={note.id}>
            <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{note.body}</p>
            <span className="b-muted">{formatDateTime(note.created_at)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
