/**
 * The period per day, for all methods or one: a chart (named by what it shows, described by the period's sums)
 * and every day's figures in a table for those who do not read charts.
 */
import { useState } from 'react';
import { Table } from '@bindery/ui/table';
import type { SalesReportResponse } from '@bindery/contracts/admin/sales';
import { formatUsdCents } from '#lib/format-usd.ts';
import { chartDays, METHOD_LABELS, type Filter } from '../lib/sales-labels';
import { SalesChart, shortDay, type ChartDay } from './sales-chart';

export function SalesPerDay({ report }: { report: SalesReportResponse }) {
  const [filter, setFilter] = useState<Filter>('all');
  const days = chartDays(report.days, filter);
  const sum = (key: keyof Omit<ChartDay, 'date'>) => days.reduce((n, d) => n + d[key], 0);
  const who = filter === 'all' ? 'all methods' : METHOD_LABELS[filter];
  const period = `${shortDay(report.from)} to ${shortDay(report.to)}`;

  return (
    <section className="b-stack" aria-labelledby="sales-per-day">
      <h2 id="sales-per-day">Per day</h2>
      <fieldset className="b-row" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="b-label">Show</legend>
        {(['all', 'card', 'paypal'] as const).map((f) => (
          <label key={f} className="b-row" style={{ gap: 'var(--b-space-1)' }}>
            <input
              type="radio"
              name="sales-method"
              value={f}
              checked={filter === f}
              onChange={() => setFilter(f)}
            />
            {f === 'all' ? 'All methods' : METHOD_LABELS[f]}
          </label>
        ))}
      </fieldset>
      <SalesChart
        days={days}
        title={`Paid, refunded and outstanding per day, ${who}, ${period}`}
        description={`Paid ${formatUsdCents(sum('paid'))}, refunded ${formatUsdCents(sum('refunded'))}, outstanding ${formatUsdCents(sum('outstanding'))}. The table "Figures per day" lists every day.`}
      />
      <details>
        <summary>Figures per day (table)</summary>
        <Table<ChartDay>
          caption={`Figures per day, ${who}`}
          stacked
          columns={[
            { key: 'd', header: 'Day', cell: (d) => d.date },
            { key: 'p', header: 'Paid', cell: (d) => formatUsdCents(d.paid), numeric: true },
            { key: 'r', header: 'Refunded', cell: (d) => formatUsdCents(d.refunded), numeric: true },
            { key: 'o', header: 'Outstanding', cell: (d) => formatUsdCents(d.outstanding), numeric: true },
          ]}
          rows={days}
          rowKey={(d) => d.date}
        />
      </details>
    </section>
  );
}
