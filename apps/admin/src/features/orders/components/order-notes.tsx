/**
 * Order Details' notes (docs/decisions/0071): staff write a note, internal by default or shown to the customer on
 * their order page, and edit or delete it; no status changes.
 */
import { useState } from 'react';
import type { OrderNote } from '@bindery/contracts/admin/production';
import { errorText } from '#lib/error-text.ts';
import { useChangeOrderNote, useOrderNotes } from '../api/order-notes';

function NoteRow({ note, orderId }: { note: OrderNote; orderId: number }) {
  const change = useChangeOrderNote(orderId);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.body);
  return (
    <li className="b-stack" style={{ gap: 4 }}>
      {editing ? (
        <label>
          Edit note
          <textarea className="b-input" value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
        </label>
      ) : (
        <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{note.body}</p>
      )}
      <span className="b-muted">
        {note.internal ? 'Internal' : 'Shown to the customer'} · {note.author_name ?? 'Staff'} ·{' '}
        {new Date(note.updated_at).toLocaleString('en-US')}
      </span>
      <span className="b-row">
        {editing ? (
          <button
            type="button"
            className="b-btn"
            disabled={change.isPending || text.trim() === ''}
            onClick={() => change.mutate({ kind: 'edit', noteId: note.id, body: { body: text } }, { onSuccess: () => setEditing(false) })}
          >
            Save note
          </button>
        ) : (
          <button type="button" className="b-btn b-btn--secondary" onClick={() => setEditing(true)}>
            Edit
          </button>
        )}
        <button
          type="button"
          className="b-btn b-btn--secondary"
          disabled={change.isPending}
          onClick={() => change.mutate({ kind: 'edit', noteId: note.id, body: { internal: !note.internal } })}
        >
          {note.internal ? 'Show to customer' : 'Make internal'}
        </button>
        <button
          type="button"
          className="b-btn b-btn--secondary"
          disabled={change.isPending}
          onClick={() => change.mutate({ kind: 'delete', noteId: note.id })}
        >
          Delete
        </button>
      </span>
      {change.error ? <p role="alert">{errorText(change.error, 'The note could not be saved.')}</p> : null}
    </li>
  );
}

export function OrderNotes({ orderId }: { orderId: number }) {
  const notes = useOrderNotes(orderId);
  const change = useChangeOrderNote(orderId);
  const [body, setBody] = useState('');
  const [shown, setShown] = useState(false);
  return (
    <section className="b-card b-stack" aria-labelledby="order-notes">
      <h2 id="order-notes">Notes</h2>
      {notes.isPending ? <p className="b-muted">Loading notes…</p> : null}
      {notes.error ? <p role="alert">{errorText(notes.error, 'The notes could not be loaded.')}</p> : null}
      {notes.data && notes.data.notes.length === 0 ? <p className="b-muted">No notes yet.</p> : null}
      <ul className="b-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {notes.data?.notes.map((note) => <NoteRow key={note.id} note={note} orderId={orderId} />)}
      </ul>
      <form
        className="b-stack"
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate(
            { kind: 'add', body: { body, internal: !shown } },
            { onSuccess: () => { setBody(''); setShown(false); } },
          );
        }}
      >
        <label>
          New note
          <textarea className="b-input" value={body} maxLength={2000} onChange={(e) => setBody(e.target.value)} />
        </label>
        <label className="b-row">
          <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
          Show to the customer on their order page
        </label>
        <button type="submit" className="b-btn" disabled={change.isPending || body.trim() === ''}>
          Add note
        </button>
        {change.error ? <p role="alert">{errorText(change.error, 'The note could not be saved.')}</p> : null}
      </form>
    </section>
  );
}
