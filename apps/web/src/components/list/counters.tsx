/** Summary counters above a list ("Total Projects 4", "In Cart 1"), as a description list. */
import './list.css';

export interface Counter {
  label: string;
  value: string | number;
  note?: string;
  testId?: string;
}

export function Counters({ label, items }: { label: string; items: Counter[] }) {
  return (
    <dl className="b-counters" aria-label={label}>
      {items.map((c) => (
        <div key={c.label}>
          <dt>{c.label}</dt>
          <dd data-testid={c.testId}>{c.value}</dd>
          {c.note ? (
            <dd className="b-muted" style={{ fontSize: 'var(--b-text-sm)', fontWeight: 400 }}>
              {c.note}
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
