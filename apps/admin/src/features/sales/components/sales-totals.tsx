/** The period's paid, refunded and outstanding money, each with its count: the server's figures. */
import type { SalesReportResponse } from '@bindery/contracts/admin/sales';
import { formatUsdCents } from '#lib/format-usd.ts';

export function SalesTotals({ report }: { report: SalesReportResponse }) {
  const t = report.totals;
  const figures = [
    {
      label: 'Paid',
      value: formatUsdCents(t.paid_cents),
      note: `${t.payments} ${t.payments === 1 ? 'payment' : 'payments'}`,
    },
    {
      label: 'Refunded',
      value: formatUsdCents(t.refunded_cents),
      note: `${t.refunds} ${t.refunds === 1 ? 'refund' : 'refunds'}`,
    },
    {
      label: 'Outstanding',
      value: formatUsdCents(t.outstanding_cents),
      note: `${t.awaiting_orders} ${t.awaiting_orders === 1 ? 'order awaits' : 'orders await'} payment`,
    },
  ];
  return (
    <ul
      className="b-grid"
      aria-label="Totals of the period"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {figures.map((f) => (
        <li key={f.label} className="b-card">
          <p className="b-muted" style={{ margin: 0 }}>
            {f.label}
          </p>
          <p
            style={{ margin: 0, fontSize: '1.75rem', fontWeight: 700 }}
            className="b-num"
            data-testid={`total-${f.label.toLowerCase()}`}
          >
            {f.value}
          </p>
          <p className="b-muted" style={{ margin: 0 }}>
            {f.note}
          </p>
        </li>
      ))}
    </ul>
  );
}
