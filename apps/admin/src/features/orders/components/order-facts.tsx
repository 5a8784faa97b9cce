/**
 * The layout pieces of Order Details: a titled card per part, facts as a term/value list, a dash for nothing, and
 * the way back to the list.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '@bindery/contracts/messages';

export const BACK = (
  <Link className="b-btn b-btn--secondary" to="/admin/orders">
    {messages.admin.backToOrders}
  </Link>
);

export type Fact = [term: string, value: ReactNode];

export function Facts({ rows, label }: { rows: Fact[]; label?: string }) {
  return (
    <dl className="b-facts" aria-label={label}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="b-card b-stack" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '—');
