/**
 * Order again (a paid order of printed books): the same files, new copies per book; the server makes the new
 * cart and the customer goes on to /shop for a new address and payment. Before that, each book shows today's price
 * for the copies typed (the server's calculator; ADR 0066) and says when it differs from what this order charged.
 */
import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '@bindery/ui/alert';
import { Button } from '@bindery/ui/button';
import { formatUsd } from '@bindery/ui/format';
import { useDebouncedValue } from '@bindery/ui/use-debounced-value';
import { messages } from '@bindery/contracts/messages';
import { errorText } from '#lib/error-text.ts';
import type { Order } from '@bindery/contracts/store/checkout';
import { useReorder } from '../api/reorder';
import { useTodaysPrices, type TodaysPrice } from '../api/reorder-quote';

const s = messages.orderScreens;

export function Reorder({ order, userId }: { order: Order; userId: number }) {
  const navigate = useNavigate();
  const again = useReorder(userId, order.id);
  const [copies, setCopies] = useState<Record<number, string>>(() =>
    Object.fromEntries(order.items.map((i) => [i.project_id, String(i.quantity)])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const settled = useDebouncedValue(copies, 300);
  const prices = useTodaysPrices(
    order.items.map((i) => {
      const text = (settled[i.project_id] ?? '').trim();
      return { projectId: i.project_id, quantity: /^\d{1,6}$/.test(text) ? Number(text) : null };
    }),
  );
  const priceOf = (projectId: number) => prices.find((p) => p.projectId === projectId);
  const quoted = prices.filter((p) => p.quote);
  const todayTotal =
    quoted.length === prices.length && prices.length > 0
      ? (quoted.reduce((sum, p) => sum + Math.round(Number(p.quote?.total_cost) * 100), 0) / 100).toFixed(2)
      : null;

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
              aria-describedby={`price-${i.project_id}`}
            />
            <TodayLine id={`price-${i.project_id}`} price={priceOf(i.project_id)} then={i} />
          </div>
        ))}
        {todayTotal !== null ? (
          <p style={{ margin: 0 }} data-testid="reorder-total">
            <strong>{`Books at today's prices: ${formatUsd(todayTotal)}`}</strong> (shipping and tax at checkout)
          </p>
        ) : null}
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

/** Today's price of one book at the copies typed, and whether it differs from this order's. */
function TodayLine({
  id,
  price,
  then,
}: {
  id: string;
  price: TodaysPrice | undefined;
  then: { quantity: number; cost_per_book: string };
}) {
  if (!price) return <p id={id} className="b-muted" style={{ margin: 0 }} />;
  if (price.failed)
    return (
      <p id={id} className="b-muted" style={{ margin: 0 }}>
        {"Today's price could not be read; it is shown in the cart."}
      </p>
    );
  if (!price.quote)
    return (
      <p id={id} className="b-muted" role="status" style={{ margin: 0 }}>
        {"Reading today's price…"}
      </p>
    );
  const changed = price.quantity === then.quantity && price.quote.cost_per_book !== then.cost_per_book;
  return (
    <p id={id} style={{ margin: 0 }}>
      {`Today: ${formatUsd(price.quote.cost_per_book)} a book, ${formatUsd(price.quote.total_cost)} for ${price.quantity} ${price.quantity === 1 ? 'copy' : 'copies'}.`}
      {changed ? (
        <strong>{` Prices have changed since this order (${formatUsd(then.cost_per_book)} a book then).`}</strong>
      ) : null}
    </p>
  );
}
