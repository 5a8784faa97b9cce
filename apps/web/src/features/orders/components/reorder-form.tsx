/**
 * Order again (a paid order of printed books): the same files, new copies per book; the server makes the new
 * cart and the customer goes on to /shop for a new address and payment.
 */
import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { messages } from '@bindery/contracts/messages';
import { errorText } from '#lib/error-text.ts';
import type { Order } from '@bindery/contracts/store/checkout';
import { useReorder } from '../api/reorder';

const s = messages.orderScreens;

export function Reorder({ order, userId }: { order: Order; userId: number }) {
  const navigate = useNavigate();
  const again = useReorder(userId, order.id);
  const [copies, setCopies] = useState<Record<number, string>>(() =>
    Object.fromEntries(order.items.map((i) => [i.project_id, String(i.quantity)])),
  );
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: SubmitEvent) => {
    e.preventDefault();
    setProblem(null);
    const items = order.items.map((i) => ({
      project_id: i.project_id,
      text: (copies[i.project_id] ?? '').trim(),
    }));
    if (items.some((i) => !/^\d{1,6}$/.test(i.text))) {
      setProblem(s.reorderNone);
      return;
    }
    const wanted = items
      .map((i) => ({ project_id: i.project_id, quantity: Number(i.text) }))
      .filter((i) => i.quantity > 0);
    if (wanted.length === 0) {
      setProblem(s.reorderNone);
      return;
    }
    again.mutate(
      { items: wanted },
      {
        onSuccess: () => void navigate('/shop'),
        onError: (error) => setProblem(errorText(error, s.reorderFailed)),
      },
    );
  };

  return (
    <section className="b-card b-stack b-no-print" aria-labelledby="reorder">
      <h2 id="reorder">{s.reorderTitle}</h2>
      <p className="b-muted" style={{ margin: 0 }}>
        {s.reorderHint}
      </p>
      <form className="b-stack" onSubmit={submit} noValidate>
        {order.items.map((i) => (
          <div className="b-field" key={i.project_id}>
            <label className="b-label" htmlFor={`copies-${i.project_id}`}>
              Copies of {i.title || messages.projects.untitled}
            </label>
            <input
              id={`copies-${i.project_id}`}
              className="b-input"
              type="number"
              inputMode="numeric"
              min={0}
              max={100000}
              step={1}
              value={copies[i.project_id] ?? ''}
              onChange={(e) => setCopies((c) => ({ ...c, [i.project_id]: e.target.value }))}
              style={{ maxWidth: '10rem' }}
            />
          </div>
        ))}
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <div className="b-row">
          <Button type="submit" variant="accent" busy={again.isPending}>
            {s.reorderButton}
          </Button>
        </div>
      </form>
    </section>
  );
}
